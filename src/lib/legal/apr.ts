/**
 * The TAEG (annual percentage rate of charge) of a consumer credit, from the directive's basic
 * equation (annex I of directive 2008/48/EC, kept by directive (EU) 2023/2225): the drawdowns,
 * discounted to the first one, equal everything the borrower pays, discounted the same way:
 *
 *   Σ C_k (1 + X)^(−t_k) = Σ D_l (1 + X)^(−s_l)
 *
 * X has no closed form in general, so it is solved numerically. The method and its tolerance are
 * in docs/decisions/048-apr-method.md; the worked examples that test it are in docs/legal.md.
 */
import { periodToYears, yearsBetween, type Period } from './year-fraction.ts';

/**
 * One movement of money, in euros: when it happens is either a distance after the first drawdown
 * in the standard year's periods, or a calendar date ('YYYY-MM-DD'). Without either, it happens
 * at the first drawdown (a fee paid on signing, a first instalment paid on the day).
 */
export interface Flow {
  amount: number;
  after?: Period;
  date?: string;
}

export interface CreditSchedule {
  /** The money made available to the borrower; the first one starts the clock. */
  drawdowns: Flow[];
  /** Everything the borrower pays for the credit: instalments and every fee. */
  repayments: Flow[];
}

interface Timed {
  amount: number;
  years: number;
}

function timed(schedule: CreditSchedule): { drawdowns: Timed[]; repayments: Timed[] } {
  const all = [...schedule.drawdowns, ...schedule.repayments];
  if (schedule.drawdowns.length === 0 || schedule.repayments.length === 0) {
    throw new RangeError('A credit needs at least one drawdown and one repayment');
  }
  for (const flow of all) {
    if (!Number.isFinite(flow.amount) || flow.amount < 0) {
      throw new RangeError(`Invalid amount: ${flow.amount}`);
    }
    if (flow.date !== undefined && flow.after !== undefined) {
      throw new RangeError('A flow is dated or placed after the drawdown, not both');
    }
  }
  const dated = all.filter((flow) => flow.date !== undefined);
  if (dated.length > 0 && dated.length < all.length) {
    throw new RangeError('Either every flow has a date or none has');
  }
  // With dates, the clock starts at the earliest drawdown; ISO dates sort as strings.
  const start = dated.length > 0 ? schedule.drawdowns.map((f) => f.date!).sort()[0]! : '';
  const at = (flow: Flow): Timed => ({
    amount: flow.amount,
    years:
      flow.date !== undefined ? yearsBetween(start, flow.date) : periodToYears(flow.after ?? {}),
  });
  return { drawdowns: schedule.drawdowns.map(at), repayments: schedule.repayments.map(at) };
}

/**
 * The equation's two sides as one function of r = ln(1 + X), with its derivative. Working in r
 * keeps every X > −100 % reachable and the discount factors as plain exponentials.
 */
function balance(drawdowns: Timed[], repayments: Timed[], r: number): [number, number] {
  let value = 0;
  let slope = 0;
  for (const { amount, years } of drawdowns) {
    const discounted = amount * Math.exp(-r * years);
    value += discounted;
    slope -= years * discounted;
  }
  for (const { amount, years } of repayments) {
    const discounted = amount * Math.exp(-r * years);
    value -= discounted;
    slope += years * discounted;
  }
  return [value, slope];
}

/** Far enough for any credit a garage could offer: X from −99.99 % to e^40 − 1. */
const R_MIN = Math.log(1e-4);
const R_MAX = 40;
/** In r, 1e-13 is about 1e-11 percentage points: far below the last decimal shown. */
const TOLERANCE = 1e-13;

/**
 * The TAEG of a schedule as a fraction (0.1292 for 12.92 %), unrounded. Newton's method inside a
 * bracket that always holds the root: a step that leaves the bracket is replaced by bisection,
 * so the answer is found even from a poor start, to TOLERANCE.
 */
export function annualPercentageRate(schedule: CreditSchedule): number {
  const { drawdowns, repayments } = timed(schedule);
  let lo = R_MIN;
  let hi = R_MAX;
  const signLo = Math.sign(balance(drawdowns, repayments, lo)[0]);
  const signHi = Math.sign(balance(drawdowns, repayments, hi)[0]);
  if (signLo === 0) return Math.expm1(lo);
  if (signHi === 0) return Math.expm1(hi);
  if (signLo === signHi) throw new RangeError('No rate balances this schedule');
  let r = 0;
  for (let i = 0; i < 200; i += 1) {
    const [value, slope] = balance(drawdowns, repayments, r);
    if (value === 0) return Math.expm1(r);
    if (Math.sign(value) === signLo) lo = r;
    else hi = r;
    const newton = slope !== 0 ? r - value / slope : NaN;
    const next = newton > Math.min(lo, hi) && newton < Math.max(lo, hi) ? newton : (lo + hi) / 2;
    if (Math.abs(next - r) < TOLERANCE) return Math.expm1(next);
    r = next;
  }
  return Math.expm1(r);
}

/**
 * The TAEG in percent as it may be printed: the annex asks for at least one decimal, the next
 * figure rounding half up (5 and above raise the last one). Two decimals are common and allowed.
 */
export function aprPercent(rate: number, decimals = 1): number {
  if (!Number.isInteger(decimals) || decimals < 1) throw new RangeError('At least one decimal');
  const factor = 10 ** decimals;
  // The nudge, a billionth of the last place, keeps 12.35 from printing as 12.3 through binary error.
  const scaled = Math.abs(rate) * 100 * factor;
  return (Math.sign(rate) * Math.round(scaled + 1e-9)) / factor;
}
