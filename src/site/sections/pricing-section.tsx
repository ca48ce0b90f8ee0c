import type { PricingContent } from '../../content/generated/types.ts';
import { SECTION_TYPES } from '../../content/section-types.ts';
import { LabourRates, LabourTerms } from '../pricing/labour-prices.tsx';
import { SectionFrame } from './section-frame.tsx';

/**
 * The hourly labour rates T1, T2 and T3 as the owner typed them, tax included, with how work is
 * charged and the circular-economy notice beside them (docs/legal.md#labour-prices).
 */
export function PricingSection({ content }: { content: PricingContent }) {
  return (
    <SectionFrame anchor={SECTION_TYPES.pricing.anchor} title={content.title}>
      <LabourRates pricing={content} />
      <LabourTerms pricing={content} />
    </SectionFrame>
  );
}
