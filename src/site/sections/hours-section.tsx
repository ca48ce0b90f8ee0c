import type { HoursContent } from '../../content/generated/types.ts';
import { SECTION_TYPES } from '../../content/section-types.ts';
import { SectionFrame } from './section-frame.tsx';

/** The opening hours, as the owner wrote them, day by day. */
export function HoursSection({ content }: { content: HoursContent }) {
  const rows: [string, string][] = [
    ['Du lundi au vendredi', content.weekdays],
    ['Samedi', content.saturday],
    ['Dimanche', content.sunday],
    ['Jours fériés', content.holidays],
  ];
  return (
    <SectionFrame anchor={SECTION_TYPES.hours.anchor} title="Horaires d'ouverture">
      <dl className="info-list">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </SectionFrame>
  );
}
