import { describe, expect, it } from 'vitest';
import {
  calculate,
  formatEuros,
  formatPercent,
  parseAmount,
  type Calculation,
} from './calculator.ts';

/** What the visitor reads for each plan: 'count: monthly + fee', with plain spaces. */
function shown(result: Calculation): string[] | string {
  if (result.status !== 'ok') return result.status;
  return result.options.map((o) =>
    `${o.count}: ${formatEuros(o.monthly)} + ${formatEuros(o.fee)}`.replace(/\s/g, ' '),
  );
}

describe('calculate', () => {
  it.each<[string, string[] | string]>([
    // The spec's example.
    ['1000', ['2: 500,00 € + 43,20 €', '3: 333,33 € + 45,60 €', '4: 250,00 € + 52,80 €']],
    // Both ends of the range are accepted.
    ['50', ['2: 25,00 € + 2,16 €', '3: 16,67 € + 2,28 €', '4: 12,50 € + 2,64 €']],
    ['2000', ['2: 1 000,00 € + 86,40 €', '3: 666,67 € + 91,20 €', '4: 500,00 € + 105,60 €']],
    ['50,00', ['2: 25,00 € + 2,16 €', '3: 16,67 € + 2,28 €', '4: 12,50 € + 2,64 €']],
    // More decimals than cents: the results are rounded, the amount is not refused.
    ['1234.567', ['2: 617,28 € + 53,33 €', '3: 411,52 € + 56,30 €', '4: 308,64 € + 65,19 €']],
    // A comma or a point as decimal separator.
    ['1234,5', ['2: 617,25 € + 53,33 €', '3: 411,50 € + 56,29 €', '4: 308,63 € + 65,18 €']],
    ['1234.5', ['2: 617,25 € + 53,33 €', '3: 411,50 € + 56,29 €', '4: 308,63 € + 65,18 €']],
    // Surrounding spaces and French thousands grouping.
    [' 100 ', ['2: 50,00 € + 4,32 €', '3: 33,33 € + 4,56 €', '4: 25,00 € + 5,28 €']],
    ['2 000', ['2: 1 000,00 € + 86,40 €', '3: 666,67 € + 91,20 €', '4: 500,00 € + 105,60 €']],
    [
      '1\u00a0999,99',
      ['2: 1 000,00 € + 86,40 €', '3: 666,66 € + 91,20 €', '4: 500,00 € + 105,60 €'],
    ],
    ['333', ['2: 166,50 € + 14,39 €', '3: 111,00 € + 15,18 €', '4: 83,25 € + 17,58 €']],
  ])('%j gives the three plans', (input, expected) => {
    expect(shown(calculate(input))).toEqual(expected);
  });

  it.each(['', '   '])('%j is the empty state', (input) => {
    expect(calculate(input)).toEqual({ status: 'empty' });
  });

  it.each([
    '49.99',
    '49,99',
    '2000.01',
    '2000,01',
    '0',
    '-5',
    '-100',
    'abc',
    '1e3',
    'NaN',
    'Infinity',
    '100€',
    '+100',
    '1,000.50',
    '12 34',
    '100,',
    ',5',
    '0x64',
    '1.2.3',
  ])('%j is refused', (input) => {
    expect(calculate(input)).toEqual({ status: 'invalid' });
  });
});

describe('parseAmount', () => {
  it('reads a comma or a point as the decimal separator', () => {
    expect(parseAmount('1234,5')).toBe(1234.5);
    expect(parseAmount('1234.5')).toBe(1234.5);
    expect(parseAmount('2 000')).toBe(2000);
  });

  it('refuses what is not a plain decimal number', () => {
    expect(parseAmount('1e3')).toBeNull();
    expect(parseAmount('-5')).toBeNull();
    expect(parseAmount('')).toBeNull();
  });
});

describe('formatEuros', () => {
  it('prints the French format with its no-break spaces', () => {
    expect(formatEuros(500)).toBe('500,00\u00a0€');
    expect(formatEuros(43.2)).toBe('43,20\u00a0€');
    expect(formatEuros(333.3333)).toBe('333,33\u00a0€');
    expect(formatEuros(1000)).toBe('1\u202f000,00\u00a0€');
    expect(formatEuros(1.005)).toBe('1,01\u00a0€');
    expect(formatEuros(0)).toBe('0,00\u00a0€');
  });

  it('matches what Intl prints for fr-FR', () => {
    const intl = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
    for (const value of [12.5, 500, 1000, 1999.99]) {
      expect(formatEuros(value).replace(/\s/g, ' ')).toBe(intl.format(value).replace(/\s/g, ' '));
    }
  });
});

describe('formatPercent', () => {
  it('prints the fee rates as French percentages', () => {
    expect(formatPercent(4.32)).toBe('4,32\u00a0%');
    expect(formatPercent(5.28)).toBe('5,28\u00a0%');
  });
});
