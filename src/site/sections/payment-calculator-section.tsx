import { SectionFrame } from './section-frame.tsx';

export const PAYMENT_CALCULATOR_ID = 'payment-calculator';

/** The payment calculator's place on the page; issue 4 builds the calculator itself. */
export function PaymentCalculatorSection({ title }: { title: string }) {
  return (
    <SectionFrame anchor={PAYMENT_CALCULATOR_ID} title={title}>
      <p>Réglez vos réparations de 50€ à 2000€ en 2, 3 ou 4 fois.</p>
    </SectionFrame>
  );
}
