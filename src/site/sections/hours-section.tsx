import type { HoursContent } from '../../content/generated/types.ts';
import { SECTION_TYPES } from '../../content/section-types.ts';
import { upcomingExceptions, weekLines } from '../../lib/hours/schedule.ts';
import { useParisToday } from '../hours/use-paris-today.ts';
import { SectionFrame } from './section-frame.tsx';

/**
 * The week's opening hours, then what differs in the next 30 days (closures, special openings,
 * public holidays) and the owner's note (docs/decisions/058-opening-hours.md).
 */
export function HoursSection({ content }: { content: HoursContent }) {
  const today = useParisToday();
  const exceptions = today === null ? [] : upcomingExceptions(content, today);
  const note = content.note?.trim();
  return (
    <SectionFrame anchor={SECTION_TYPES.hours.anchor} title="Horaires d'ouverture">
      <dl className="info-list">
        {weekLines(content).map(({ label, text }) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{text}</dd>
          </div>
        ))}
      </dl>
      {exceptions.length > 0 && (
        <div className="hours-exceptions">
          <h3>Dans les 30 prochains jours</h3>
          <ul>
            {exceptions.map(({ date, text }) => (
              <li key={`${date} ${text}`}>{text}</li>
            ))}
          </ul>
        </div>
      )}
      {note && <p className="hours-note">{note}</p>}
    </SectionFrame>
  );
}
