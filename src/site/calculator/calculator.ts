import type { FirstInstalment } from '../../lib/legal/instalment-plan.ts';

/** The amount range of the instalment payment, in euros (docs/product.md#payment-calculator). */
export const MIN_AMOUNT = 50;
export const MAX_AMOUNT = 2000;

/** The fee of each plan, in percent of the amount, billed separately; no interest. */
export const INSTALMENT_PLANS = [
  { count: 2, feePercent: 4.32 },
  { count: 3, feePercent: 4.56 },
  { count: 4, feePercent: 5.28 },
] as const;

/**
 * The schedule the page states for every plan: the first instalment and the fee are paid on the
 * day of the repair, the others month by month. The representative example and its TAEG follow
 * from it (docs/decisions/062-credit-advertising-on-the-page.md).
 */
export const FIRST_INSTALMENT: FirstInstalment = 'on-the-day';
export const SCHEDULE_TEXT =
  'La 1ʳᵉ échéance et les frais sont payés le jour de la réparation, les échéances suivantes de mois en mois.';

export const PLACEHOLDER_TEXT = `Entrez un montant entre ${MIN_AMOUNT}€ et ${MAX_AMOUNT}€`;
export const EMPTY_TEXT = 'Entrez un montant valide pour voir le calcul';
export const RANGE_ERROR_TEXT = `Le montant doit être entre ${MIN_AMOUNT}€ et ${MAX_AMOUNT}€`;

export interface InstalmentOption {
  count: number;
  feePercent: number;
  /** amount / count, rounded to the cent. */
  monthly: number;
  /** amount × feePercent %, rounded to the cent. */
  fee: number;
}

export type Calculation =
  | { status: 'empty' }
  | { status: 'invalid' }
  | { status: 'ok'; amount: number; options: InstalmentOption[] };

// Digits with an optional decimal part after a comma or a point. Thousands may be grouped by
// spaces as French writes them ('2 000', '1 234,5'); nothing else: no sign, no exponent.
const PLAIN = /^\d+(?:[.,]\d+)?$/;
const GROUPED = /^\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:[.,]\d+)?$/;

/** What the visitor typed, as a number of euros; null when it is not a plain decimal number. */
export function parseAmount(input: string): number | null {
  const text = input.trim();
  if (!PLAIN.test(text) && !GROUPED.test(text)) return null;
  const amount = Number(text.replace(/[ \u00a0\u202f]/g, '').replace(',', '.'));
  return Number.isFinite(amount) ? amount : null;
}

/** Rounds to the cent; the epsilon keeps 1.005 from becoming 1.00 through binary error. */
export function roundToCents(value: number): number {
  return Math.round(value * 100 * (1 + Number.EPSILON)) / 100;
}

/** The 2, 3 and 4 instalment plans of an amount typed by the visitor. */
export function calculate(input: string): Calculation {
  if (input.trim() === '') return { status: 'empty' };
  const amount = parseAmount(input);
  if (amount === null || amount < MIN_AMOUNT || amount > MAX_AMOUNT) return { status: 'invalid' };
  return {
    status: 'ok',
    amount,
    options: INSTALMENT_PLANS.map(({ count, feePercent }) => ({
      count,
      feePercent,
      monthly: roundToCents(amount / count),
      fee: roundToCents((amount * feePercent) / 100),
    })),
  };
}

const GROUP_SEPARATOR = '\u202f';

/**
 * '1000' → '1 000,00 €' (fr-FR: narrow no-break space between thousands, no-break space before
 * the sign). Written out rather than left to Intl, so that the server and every browser print
 * the same characters whatever their ICU version.
 */
export function formatEuros(value: number): string {
  const [units = '0', cents = '00'] = roundToCents(value).toFixed(2).split('.');
  const grouped = units.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP_SEPARATOR);
  return `${grouped},${cents}\u00a0€`;
}

/** 4.32 → '4,32 %'. */
export function formatPercent(value: number): string {
  return `${value.toFixed(2).replace('.', ',')}\u00a0%`;
}
