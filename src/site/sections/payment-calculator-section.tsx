import { PaymentCalculator } from '../calculator/payment-calculator.tsx';
import { SectionFrame } from './section-frame.tsx';

export const PAYMENT_CALCULATOR_ID = 'payment-calculator';

/** The payment in 2, 3 or 4 instalments, from 50€ to 2000€. */
export function PaymentCalculatorSection({ title }: { title: string }) {
  return (
    <SectionFrame anchor={PAYMENT_CALCULATOR_ID} title={title}>
      <p>Réglez vos réparations de 50€ à 2000€ en 2, 3 ou 4 fois.</p>
      <PaymentCalculator />
    </SectionFrame>
  );
}
