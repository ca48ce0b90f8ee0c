import { describe, expect, it } from 'vitest';
import { fastOpExpr, fastOrder, fastSelect } from './fast-parse.ts';
import { parseWith } from './grammar-common.ts';
import { pOpExpr, pSingleVal } from './grammar-filter.ts';
import { pOrder } from './grammar-order.ts';
import { pFieldForest } from './grammar-select.ts';

// The shortcuts must give exactly what the grammar gives, or nothing.
const grammar = {
  select: (text: string) => parseWith(pFieldForest, 'select', text, true),
  order: (text: string) => parseWith(pOrder, 'order', text, true),
  filter: (text: string) => parseWith(pOpExpr(pSingleVal), 'filter', text, true),
};

describe('shortcuts agree with the grammar', () => {
  it.each(['*', 'id', 'id,title,slug', '*,id', 'count', '_a1,B2', 'sum,avg'])('select=%s', (t) => {
    expect(fastSelect(t)).toEqual(grammar.select(t));
  });

  it.each([
    'a',
    'published_at.desc',
    'a.asc.nullslast,b.nullsfirst,c',
    'asc.desc',
    'nullsfirst.nullsfirst',
  ])('order=%s', (t) => {
    expect(fastOrder(t)).toEqual(grammar.order(t));
  });

  it.each([
    'eq.1',
    'eq.',
    'gte.5',
    'gt.5',
    'not.neq.x.y',
    'like.*a*',
    'ilike.A%',
    'lte.2024-01-01T00:00:00.000Z',
    'eq. spaced value ',
    'is.null',
    'not.is.NuLl',
    'is.TRUE',
    'is.unknown',
    'in.()',
    'in.(a,b)',
    'in.( a , b )',
    'not.in. (x)  ',
    'in.(,)',
    'eq.{"a":1}',
  ])('filter %s', (t) => {
    expect(fastOpExpr(t)).toEqual(grammar.filter(t));
  });

  it.each(['id;x', 'a b', 'é', 't:title', 'x::text', 'a-b', ' id'])(
    'leaves select=%s to the grammar',
    (t) => {
      expect(fastSelect(t)).toBeNull();
    },
  );

  it.each(['eq(any).1', 'in.("a")', 'in.(a(b))', 'is.nul', 'fts.x', 'noteq.1', 'in.(a)x'])(
    'leaves %s to the grammar',
    (t) => {
      expect(fastOpExpr(t)).toBeNull();
    },
  );
});
