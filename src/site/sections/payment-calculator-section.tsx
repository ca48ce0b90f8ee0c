import { useSiteContent } from '../../content/api.ts';
import { SECTION_TYPES } from '../../content/section-types.ts';
import { PaymentCalculator } from '../calculator/payment-calculator.tsx';
import { lenderName } from '../credit/credit-advertising.tsx';
import { SectionFrame } from './section-frame.tsx';

/** The payment in 2, 3 or 4 instalments, from 50€ to 2000€. */
export function PaymentCalculatorSection({ title }: { title: string }) {
  const { identity } = useSiteContent().content;
  return (
    <SectionFrame anchor={SECTION_TYPES['payment-calculator'].anchor} title={title}>
      <p>Réglez vos réparations de 50€ à 2000€ en 2, 3 ou 4 fois.</p>
      <PaymentCalculator lender={lenderName(identity)} />
    </SectionFrame>
  );
}
