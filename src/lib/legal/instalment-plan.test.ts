import { describe, expect, it } from 'vitest';
import { aprPercent } from './apr.ts';
import { representativeExample, splitInstalments } from './instalment-plan.ts';

// The site's calculator: 2, 3 or 4 monthly instalments, a fee of 4,32 %, 4,56 % or 5,28 % of the
// amount billed on the day, no interest. The expected TAEGs were computed apart from this code
// from the roots of each schedule's polynomial with 50 significant digits (docs/legal.md).

describe('splitInstalments', () => {
  it('gives the calculator’s rounded instalment and puts the cent left over on the last one', () => {
    expect(splitInstalments(1000, 3)).toEqual([333.33, 333.33, 333.34]);
    expect(splitInstalments(2000, 3)).toEqual([666.67, 666.67, 666.66]);
    expect(splitInstalments(1000, 4)).toEqual([250, 250, 250, 250]);
  });
});

describe('representativeExample for 1 000 €', () => {
  it.each([
    // count, fee %, first instalment, down payment, credit, instalments, fee, total owed, TAEG
    [2, 4.32, 'on-the-day', 500, 500, [500], 43.2, 543.2, 1.9575146813453],
    [3, 4.56, 'on-the-day', 333.33, 666.67, [333.33, 333.34], 45.6, 712.27, 0.766599874114465],
    [4, 5.28, 'on-the-day', 250, 750, [250, 250, 250], 52.8, 802.8, 0.553798435244786],
    [2, 4.32, 'after-one-month', 0, 1000, [500, 500], 43.2, 1043.2, 0.424980547117545],
    [
      3,
      4.56,
      'after-one-month',
      0,
      1000,
      [333.33, 333.33, 333.34],
      45.6,
      1045.6,
      0.324626721240814,
    ],
    [4, 5.28, 'after-one-month', 0, 1000, [250, 250, 250, 250], 52.8, 1052.8, 0.299271754419498],
  ] as const)(
    'in %i with a fee of %f %%, first instalment %s',
    (count, feePercent, first, downPayment, creditAmount, instalments, fee, totalOwed, apr) => {
      const example = representativeExample({ amount: 1000, count, feePercent, first });
      expect(example).toMatchObject({
        cashPrice: 1000,
        downPayment,
        creditAmount,
        instalments,
        durationMonths: instalments.length,
        totalCost: fee,
        totalOwed,
      });
      expect(example.apr).toBeCloseTo(apr, 10);
    },
  );

  it('prints the TAEGs the documentation states', () => {
    const printed = (['on-the-day', 'after-one-month'] as const).map((first) =>
      [
        [2, 4.32],
        [3, 4.56],
        [4, 5.28],
      ].map(([count, feePercent]) =>
        aprPercent(
          representativeExample({ amount: 1000, count: count!, feePercent: feePercent!, first })
            .apr,
          2,
        ),
      ),
    );
    expect(printed).toEqual([
      [195.75, 76.66, 55.38],
      [42.5, 32.46, 29.93],
    ]);
  });

  it('does not depend on the amount when it divides into whole cents', () => {
    // The fee and the instalments are both proportional to the amount.
    for (const first of ['on-the-day', 'after-one-month'] as const) {
      const small = representativeExample({ amount: 50, count: 2, feePercent: 4.32, first });
      const large = representativeExample({ amount: 2000, count: 2, feePercent: 4.32, first });
      expect(small.apr).toBeCloseTo(large.apr, 12);
    }
  });

  it.each([
    { amount: 0, count: 2, feePercent: 4.32 },
    { amount: 1000, count: 1, feePercent: 4.32 },
    { amount: 1000, count: 2.5, feePercent: 4.32 },
    { amount: 1000, count: 2, feePercent: -1 },
  ])('refuses %j', (plan) => {
    expect(() => representativeExample({ ...plan, first: 'after-one-month' })).toThrow(RangeError);
  });
});
