import { describe, expect, it } from 'vitest';
import { RestError } from './errors.ts';
import { parseQuery, type QueryParts } from './parse-query.ts';

function failure(fn: () => unknown): RestError {
  try {
    fn();
  } catch (error) {
    if (error instanceof RestError) return error;
    throw error;
  }
  throw new Error('expected a RestError');
}

const parse = (query: string, options = {}): QueryParts =>
  parseQuery(new URLSearchParams(query), options);

describe('select', () => {
  it('reads columns, stars, aliases and allowed casts in order', () => {
    expect(parse('select=id,title').select).toEqual([
      { column: 'id', alias: null, cast: null },
      { column: 'title', alias: null, cast: null },
    ]);
    expect(parse('select=*').select).toBeNull();
    expect(parse('select=').select).toBeNull();
    expect(parse('select=*,id').select?.map((f) => f.column)).toEqual(['*', 'id']);
    expect(parse('select="odd name"').select?.[0]?.column).toBe('odd name');
    expect(parse('select=t:title,views::INT').select).toEqual([
      { column: 'title', alias: 't', cast: null },
      { column: 'views', alias: null, cast: 'integer' },
    ]);
  });

  it('refuses what it does not support, by name', () => {
    expect(failure(() => parse('select=author(name)')).message).toContain('imbriquées');
    expect(failure(() => parse('select=content->a')).message).toContain('JSON');
    expect(failure(() => parse('select=title::money')).message).toContain('money');
    expect(failure(() => parse('select=count()')).code).toBe('PGRST123');
  });

  it('reports where a select stops parsing, as PostgREST does', () => {
    const error = failure(() => parse('select=id,'));
    expect(error.status).toBe(400);
    expect(error.message).toBe('"failed to parse select parameter (id,)" (line 1, column 4)');
    expect(error.details).toBe(
      'unexpected end of input expecting "...", field name (* or [a..z0..9_$]), "*" or "count()"',
    );
  });
});

describe('filters', () => {
  it('reads operators, negation and lists', () => {
    const [eq, isNull, list, empty, dotted, like] = parse(
      'a=eq.1&b=not.is.null&c=in.(x,"y,z","q\\"r")&d=in.()&e=eq.a.b&f=like.*x*',
    ).filters;
    expect(eq).toEqual({ column: 'a', negate: false, op: 'eq', value: '1' });
    expect(isNull).toEqual({ column: 'b', negate: true, op: 'is', value: 'NULL' });
    expect(list).toMatchObject({ op: 'in', value: ['x', 'y,z', 'q"r'] });
    expect(empty).toMatchObject({ op: 'in', value: [''] });
    expect(dotted).toMatchObject({ value: 'a.b' });
    expect(like).toMatchObject({ op: 'like', value: '*x*' });
  });

  it('keeps the spaces of list items but the first one’s leading spaces', () => {
    expect(parse('a=in.( x , y )').filters[0]).toMatchObject({ value: ['x ', ' y '] });
  });

  it('reads or/and trees, negated and nested', () => {
    expect(parse('not.or=(a.eq.1,and(b.lt.2,c.not.is.null))').logic).toEqual([
      {
        kind: 'expr',
        negate: true,
        op: 'OR',
        children: [
          { kind: 'filter', filter: { column: 'a', negate: false, op: 'eq', value: '1' } },
          {
            kind: 'expr',
            negate: false,
            op: 'AND',
            children: [
              { kind: 'filter', filter: { column: 'b', negate: false, op: 'lt', value: '2' } },
              { kind: 'filter', filter: { column: 'c', negate: true, op: 'is', value: 'NULL' } },
            ],
          },
        ],
      },
    ]);
  });

  it('refuses unsupported operators by name and garbage with PostgREST’s message', () => {
    expect(failure(() => parse('a=fts.x')).message).toContain('fts');
    expect(failure(() => parse('a=eq(any).{1}')).message).toContain('eq(any)');
    expect(failure(() => parse('a=zz.1')).message).toBe(
      '"failed to parse filter (zz.1)" (line 1, column 1)',
    );
    expect(failure(() => parse('a=is.maybe')).details).toContain('null or trilean');
    expect(failure(() => parse('a=in.(x)junk')).details).toBe(
      "unexpected 'j' expecting end of input",
    );
  });
});

describe('order', () => {
  it('reads directions and nulls placement; the first order parameter wins', () => {
    expect(parse('order=a.desc.nullslast,b&order=c').order).toEqual([
      { column: 'a', direction: 'DESC', nulls: 'NULLS LAST' },
      { column: 'b', direction: null, nulls: null },
    ]);
    expect(parse('order=a.nullsfirst').order).toEqual([
      { column: 'a', direction: null, nulls: 'NULLS FIRST' },
    ]);
  });

  it('points at a bad modifier', () => {
    expect(failure(() => parse('order=a.sideways')).message).toBe(
      '"failed to parse order (a.sideways)" (line 1, column 3)',
    );
  });
});

describe('pages', () => {
  it('separates reserved parameters, filters and function arguments', () => {
    const q = parse('select=id&a=eq.1&a=lt.5&limit=2&offset=4&arg=x', {
      argNames: new Set(['arg']),
    });
    expect(q.filters.map((f) => f.op)).toEqual(['eq', 'lt']);
    expect(q.limit).toBe(2);
    expect(q.offset).toBe(4);
  });

  it('takes the last limit, reads a Range header and caps at the maximum of rows', () => {
    expect(parse('limit=1&limit=3')).toMatchObject({ limit: 3, offset: 0 });
    expect(parse('', { rangeHeader: '5-9' })).toMatchObject({ offset: 5, limit: 5 });
    expect(parse('', { rangeHeader: 'items=5-9' })).toMatchObject({ offset: 0, limit: null });
    expect(parse('offset=10', { maxRows: 100 })).toMatchObject({ offset: 10, limit: 100 });
    expect(parse('limit=5', { maxRows: 100 })).toMatchObject({ limit: 5 });
  });

  it('answers 416 for a negative limit, like PostgREST, and 400 for a limit that is not a number', () => {
    expect(failure(() => parse('limit=-1')).status).toBe(416);
    expect(failure(() => parse('limit=0&offset=2')).status).toBe(416);
    expect(failure(() => parse('limit=abc')).status).toBe(400);
  });
});
