/**
 * The representative example that consumer-credit advertising must show (code de la consommation
 * L312-6), for a repair paid in a few monthly instalments plus a fee that is a percentage of the
 * amount and carries no interest: the shape of the site's payment calculator. What the
 * calculator does not say (when the first instalment and the fee are paid) is a parameter here,
 * and docs/legal.md#the-payment-calculator gives both readings' figures.
 */
import { annualPercentageRate } from './apr.ts';

/**
 * 'on-the-day': the first instalment is paid on the day of the repair, the others a month apart
 * (the usual «payer en 3 fois» shape); it is then a down payment, and the credit is the rest.
 * 'after-one-month': every instalment is credit, the first one a month after the repair.
 */
export type FirstInstalment = 'on-the-day' | 'after-one-month';

export interface InstalmentPlan {
  /** The price of the repair, in euros. */
  amount: number;
  /** The number of instalments, at least 2. */
  count: number;
  /** The fee in percent of the amount, paid on the day of the repair. */
  feePercent: number;
  first: FirstInstalment;
}

export interface RepresentativeExample {
  /** Prix au comptant. */
  cashPrice: number;
  /** Acompte: the first instalment when it is paid on the day, otherwise 0. */
  downPayment: number;
  /** Montant total du crédit. */
  creditAmount: number;
  /** The instalments that repay the credit, in order, a month apart. */
  instalments: number[];
  /** Durée du contrat de crédit, in months. */
  durationMonths: number;
  /** Coût total du crédit: here the fee alone (no interest). */
  totalCost: number;
  /** Montant total dû par l'emprunteur: the credit plus its cost. */
  totalOwed: number;
  /** TAEG, as an unrounded fraction (see aprPercent). */
  apr: number;
}

const cents = (euros: number): number => Math.round(euros * 100 * (1 + Number.EPSILON));

/**
 * Each instalment is the amount divided by the count, rounded to the cent as the calculator shows
 * it; the last one takes the rounding difference, so that the instalments add up to the amount
 * exactly (1 000 € in 3: 333,33 + 333,33 + 333,34).
 */
export function splitInstalments(amount: number, count: number): number[] {
  const total = cents(amount);
  const each = Math.round(total / count);
  const split = Array.from({ length: count }, () => each);
  split[count - 1] = total - each * (count - 1);
  return split.map((c) => c / 100);
}

export function representativeExample(plan: InstalmentPlan): RepresentativeExample {
  const { amount, count, feePercent, first } = plan;
  if (!Number.isFinite(amount) || amount <= 0) throw new RangeError(`Invalid amount: ${amount}`);
  if (!Number.isInteger(count) || count < 2) throw new RangeError(`Invalid count: ${count}`);
  if (!Number.isFinite(feePercent) || feePercent < 0) {
    throw new RangeError(`Invalid fee: ${feePercent}`);
  }
  const all = splitInstalments(amount, count);
  const downPayment = first === 'on-the-day' ? all[0]! : 0;
  const instalments = first === 'on-the-day' ? all.slice(1) : all;
  const fee = cents((amount * feePercent) / 100) / 100;
  const creditAmount = (cents(amount) - cents(downPayment)) / 100;
  const apr = annualPercentageRate({
    drawdowns: [{ amount: creditAmount }],
    repayments: [
      { amount: fee },
      ...instalments.map((instalment, i) => ({ amount: instalment, after: { months: i + 1 } })),
    ],
  });
  return {
    cashPrice: amount,
    downPayment,
    creditAmount,
    instalments,
    durationMonths: instalments.length,
    totalCost: fee,
    totalOwed: (cents(creditAmount) + cents(fee)) / 100,
    apr,
  };
}
