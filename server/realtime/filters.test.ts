import { describe, expect, it } from 'vitest';
import { parseFilter } from './filters.ts';

describe('parseFilter', () => {
  it('reads each comparison hosted Supabase accepts', () => {
    for (const op of ['eq', 'neq', 'lt', 'lte', 'gt', 'gte'] as const)
      expect(parseFilter(`year=${op}.2020`, 100)).toEqual({ column: 'year', op, value: '2020' });
  });

  it('keeps dots and equal signs of the value', () => {
    expect(parseFilter('email=eq.a=b.c@garage.test', 100)).toEqual({
      column: 'email',
      op: 'eq',
      value: 'a=b.c@garage.test',
    });
  });

  it('reads an in list, quoted values included', () => {
    expect(parseFilter('status=in.(nouvelle, "en cours",traitee)', 100)).toEqual({
      column: 'status',
      op: 'in',
      value: ['nouvelle', 'en cours', 'traitee'],
    });
  });

  it('refuses more than the allowed values in a list', () => {
    const list = Array.from({ length: 101 }, (_, i) => i).join(',');
    expect(parseFilter(`id=in.(${list})`, 100)).toEqual({
      error: expect.stringContaining('at most 100 values') as unknown,
    });
  });

  it('refuses operators hosted Supabase does not filter on', () => {
    expect(parseFilter('name=like.%a%', 100)).toHaveProperty('error');
    expect(parseFilter('name', 100)).toHaveProperty('error');
  });
});
