import { describe, expect, it } from 'vitest';
import { annualPercentageRate, aprPercent } from './apr.ts';

// Every expected rate below was computed apart from this code: in closed form where one exists
// (one repayment, or a quadratic), otherwise from the roots of the schedule's polynomial, with
// 50 significant digits (docs/legal.md#worked-examples lists the figures and how they were had).

describe('annualPercentageRate', () => {
  it('1 000 € repaid by one payment of 1 200 € 18 months later: 12,92 %', () => {
    // The first worked example of directive 98/7/EC's annex: X = 1.2^(2/3) − 1.
    const rate = annualPercentageRate({
      drawdowns: [{ amount: 1000 }],
      repayments: [{ amount: 1200, after: { months: 18 } }],
    });
    expect(rate).toBeCloseTo(0.129243234657234, 12);
    expect(aprPercent(rate, 2)).toBe(12.92);
    expect(aprPercent(rate)).toBe(12.9);
  });

  it('counts the same time whether it is written in months, weeks or years', () => {
    const inYears = {
      drawdowns: [{ amount: 1000 }],
      repayments: [{ amount: 1200, after: { years: 1.5 } }],
    };
    const inWeeks = {
      drawdowns: [{ amount: 1000 }],
      repayments: [{ amount: 1200, after: { weeks: 78 } }],
    };
    expect(annualPercentageRate(inYears)).toBeCloseTo(0.129243234657234, 12);
    expect(annualPercentageRate(inWeeks)).toBeCloseTo(0.129243234657234, 12);
  });

  it('1 000 € repaid by 600 € after one year and 600 € after two: 13,07 %', () => {
    // 600v + 600v² = 1000 with v = 1/(1+X): v = (−1 + √(1 + 4·1000/600)) / 2.
    const rate = annualPercentageRate({
      drawdowns: [{ amount: 1000 }],
      repayments: [
        { amount: 600, after: { years: 1 } },
        { amount: 600, after: { years: 2 } },
      ],
    });
    expect(rate).toBeCloseTo(0.130662386291807, 12);
    expect(aprPercent(rate, 2)).toBe(13.07);
  });

  it('counts a fee paid on signing like a payment at the drawdown', () => {
    const withFee = annualPercentageRate({
      drawdowns: [{ amount: 1000 }],
      repayments: [{ amount: 50 }, { amount: 1000, after: { years: 1 } }],
    });
    // 950 available for a year, 1 000 paid back: X = 1000/950 − 1.
    expect(withFee).toBeCloseTo(1000 / 950 - 1, 12);
  });

  it('dates: whole months counted back from the payment, then days over a 365-day year', () => {
    // 15 January → 1 March 2026 is 1 month (1 February → 1 March) and 17 days; the year ending
    // on 1 February 2026 has 365 days: t = 1/12 + 17/365, X = 1.01^(1/t) − 1.
    const rate = annualPercentageRate({
      drawdowns: [{ amount: 1000, date: '2026-01-15' }],
      repayments: [{ amount: 1010, date: '2026-03-01' }],
    });
    expect(rate).toBeCloseTo(0.0796045470549323, 12);
  });

  it('dates: days over 366 when the year they end holds a 29 February', () => {
    // 10 March → 1 April 2028 is 22 days; 1 April 2027 → 1 April 2028 has 366 days.
    const rate = annualPercentageRate({
      drawdowns: [{ amount: 1000, date: '2028-03-10' }],
      repayments: [{ amount: 1010, date: '2028-04-01' }],
    });
    expect(rate).toBeCloseTo(0.180027003308443, 12);
  });

  it('dates: from one month-end to the next is one month', () => {
    // 31 January → 28 February 2026 is 1/12 of a year: X = 1.01^12 − 1.
    const rate = annualPercentageRate({
      drawdowns: [{ amount: 1000, date: '2026-01-31' }],
      repayments: [{ amount: 1010, date: '2026-02-28' }],
    });
    expect(rate).toBeCloseTo(0.126825030131969, 12);
  });

  it('finds very high rates, as short credits with fees have', () => {
    // 456,80 € kept for one month, 500 € paid back: X = (500/456.8)^12 − 1 ≈ 195,75 %.
    const rate = annualPercentageRate({
      drawdowns: [{ amount: 500 }],
      repayments: [{ amount: 43.2 }, { amount: 500, after: { months: 1 } }],
    });
    expect(rate).toBeCloseTo(1.9575146813453, 10);
  });

  it('is zero when nothing is paid beyond what was lent', () => {
    const rate = annualPercentageRate({
      drawdowns: [{ amount: 900 }],
      repayments: [300, 300, 300].map((amount, i) => ({ amount, after: { months: i + 1 } })),
    });
    expect(aprPercent(rate, 2)).toBe(0);
  });

  it.each([
    ['no repayment', { drawdowns: [{ amount: 100 }], repayments: [] }],
    ['no drawdown', { drawdowns: [], repayments: [{ amount: 100 }] }],
    ['a negative amount', { drawdowns: [{ amount: -100 }], repayments: [{ amount: 100 }] }],
    [
      'a month that is not a number',
      { drawdowns: [{ amount: 100 }], repayments: [{ amount: 110, after: { months: NaN } }] },
    ],
    [
      'a date that does not exist',
      {
        drawdowns: [{ amount: 100, date: '2026-02-30' }],
        repayments: [{ amount: 110, date: '2026-03-30' }],
      },
    ],
    [
      'a payment dated before the drawdown',
      {
        drawdowns: [{ amount: 100, date: '2026-03-01' }],
        repayments: [{ amount: 110, date: '2026-02-01' }],
      },
    ],
    [
      'dates for some flows only',
      {
        drawdowns: [{ amount: 100, date: '2026-03-01' }],
        repayments: [{ amount: 110, after: { months: 1 } }],
      },
    ],
    [
      'repayments that all come at once, before any time passes',
      { drawdowns: [{ amount: 100 }], repayments: [{ amount: 110 }] },
    ],
  ])('refuses %s', (_label, schedule) => {
    expect(() => annualPercentageRate(schedule)).toThrow(RangeError);
  });
});

describe('aprPercent', () => {
  it('rounds half up at the last decimal kept', () => {
    expect(aprPercent(0.12345, 2)).toBe(12.35);
    expect(aprPercent(0.1234499, 2)).toBe(12.34);
    expect(aprPercent(0.1225, 1)).toBe(12.3);
    expect(aprPercent(0.12249, 1)).toBe(12.2);
  });

  it('keeps at least one decimal, as the law asks', () => {
    expect(() => aprPercent(0.1, 0)).toThrow(RangeError);
  });
});
