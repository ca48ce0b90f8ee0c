import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT } from './generated/defaults.ts';
import type { FinancingContent, Option, RequestForm } from './generated/types.ts';
import { validatorFor } from './content.ts';

// A bounded list is an array in the generated types; its bounds are the validators' (see
// docs/decisions/055-lists-are-arrays.md). This file only compiles when adding to and removing
// from such lists is allowed, which it was not while they were unions of fixed-length tuples.
describe('lists with maxItems in the generated types', () => {
  it('take items one at a time, the validator enforcing the bounds', () => {
    const dates: NonNullable<RequestForm['preferred_dates']> = [];
    for (const date of ['2030-05-03', '2030-05-04', '2030-05-05', '2030-05-06']) {
      dates.push({ date, moment: 'matin' });
    }
    const validate = validatorFor('request');
    const request = (preferred_dates: RequestForm['preferred_dates']): RequestForm => ({
      name: 'Jean Martin',
      phone: '06 12 34 56 78',
      vehicle_make: 'Renault',
      vehicle_model: 'Clio',
      vehicle_year: 2015,
      service: 'Autre',
      consent: true,
      preferred_dates,
    });
    expect(validate(request(dates.slice(0, 3)))).toBe(true);
    expect(validate(request(dates))).toBe(false);
  });

  it('can be built from a shorter or longer list, and only the right length is valid', () => {
    const financing: FinancingContent = structuredClone(DEFAULT_CONTENT.financing);
    const extra: Option = { title: 'Leasing', description: 'Sur 48 mois.' };
    const validate = validatorFor('financing');
    expect(validate(financing)).toBe(true);
    financing.options.push(extra);
    expect(validate(financing)).toBe(false);
    financing.options = financing.options.filter((option) => option !== extra);
    expect(validate(financing)).toBe(true);
    financing.options.pop();
    expect(validate(financing)).toBe(false);
  });
});
