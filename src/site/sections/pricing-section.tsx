import type { PricingContent } from '../../content/generated/types.ts';
import { SECTION_TYPES } from '../../content/section-types.ts';
import { SectionFrame } from './section-frame.tsx';

/** The hourly labour rates T1, T2 and T3, as free text. */
export function PricingSection({ content }: { content: PricingContent }) {
  const rows: [string, string][] = [
    ['T1', content.t1],
    ['T2', content.t2],
    ['T3', content.t3],
  ];
  return (
    <SectionFrame anchor={SECTION_TYPES.pricing.anchor} title={content.title}>
      <dl className="info-list info-list--rates">
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
