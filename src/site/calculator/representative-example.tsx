import { aprPercent } from '../../lib/legal/apr.ts';
import { representativeExample } from '../../lib/legal/instalment-plan.ts';
import {
  FIRST_INSTALMENT,
  formatEuros,
  formatPercent,
  type InstalmentOption,
} from './calculator.ts';

/** '3 × 250,00 €', or the amounts one by one when the last takes the rounding difference. */
function instalmentsText(instalments: number[]): string {
  const [first] = instalments;
  if (first !== undefined && instalments.every((value) => value === first)) {
    return `${instalments.length} × ${formatEuros(first)}`;
  }
  return instalments.map(formatEuros).join(' puis ');
}

const months = (count: number): string => (count > 1 ? `${count} mois` : '1 mois');

/**
 * The representative example of one plan (L312-6): every figure of the credit the plan stands
 * for, derived from the schedule the page states (docs/decisions/062-credit-advertising-on-the-page.md),
 * its TAEG solved by src/lib/legal/apr.ts.
 */
export function RepresentativeExample({
  amount,
  option,
  lender,
}: {
  amount: number;
  option: InstalmentOption;
  lender: string;
}) {
  const example = representativeExample({
    amount,
    count: option.count,
    feePercent: option.feePercent,
    first: FIRST_INSTALMENT,
  });
  const rows: [string, string][] = [
    ['Prix au comptant', formatEuros(example.cashPrice)],
    ['1ʳᵉ échéance, le jour de la réparation', formatEuros(example.downPayment)],
    ['Montant total du crédit', formatEuros(example.creditAmount)],
    ['Échéances suivantes, une par mois', instalmentsText(example.instalments)],
    ['Durée du crédit', months(example.durationMonths)],
    ['Taux débiteur fixe', formatPercent(0)],
    ['Coût total du crédit (les frais)', formatEuros(example.totalCost)],
    ['Montant total dû (crédit et frais)', formatEuros(example.totalOwed)],
  ];
  return (
    <div className="calculator__example">
      <p className="calculator__example-title">Exemple représentatif</p>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className="calculator__apr">
          <dt>TAEG fixe</dt>
          <dd>
            <strong>{formatPercent(aprPercent(example.apr, 2))}</strong>
          </dd>
        </div>
      </dl>
      <p>Crédit accordé par {lender}.</p>
    </div>
  );
}
