import { describe, expect, it } from 'vitest';
import { parseOrder, parseQuery, parseSelect } from './parse-query.ts';
import { parseFilter } from './parse-filter.ts';
import { RestError } from './errors.ts';

function failure(fn: () => unknown): RestError {
  try {
    fn();
  } catch (error) {
    if (error instanceof RestError) return error;
    throw error;
  }
  throw new Error('expected a RestError');
}

describe('parseSelect', () => {
  it('reads columns and stars in order', () => {
    expect(parseSelect('id,title')).toEqual(['id', 'title']);
    expect(parseSelect('*')).toBeNull();
    expect(parseSelect('')).toBeNull();
    expect(parseSelect('*,id')).toEqual(['*', 'id']);
    expect(parseSelect('"odd name"')).toEqual(['odd name']);
  });

  it('refuses what it does not support, by name', () => {
    expect(failure(() => parseSelect('a:title')).message).toContain('alias');
    expect(failure(() => parseSelect('title::text')).message).toContain('conversion');
    expect(failure(() => parseSelect('author(name)')).message).toContain('imbriquées');
    expect(failure(() => parseSelect('content->a')).message).toContain('JSON');
  });

  it('reports where a select stops parsing, as PostgREST does', () => {
    const error = failure(() => parseSelect('id;drop table x'));
    expect(error.status).toBe(400);
    expect(error.message).toBe(
      '"failed to parse select parameter (id;drop table x)" (line 1, column 3)',
    );
  });
});

describe('parseFilter', () => {
  it('reads operators, negation and lists', () => {
    expect(parseFilter('a', 'eq.1')).toEqual({ column: 'a', negate: false, op: 'eq', value: '1' });
    expect(parseFilter('a', 'not.is.null')).toEqual({
      column: 'a',
      negate: true,
      op: 'is',
      value: 'NULL',
    });
    expect(parseFilter('a', 'in.(x,"y,z","q\\"r")')).toMatchObject({
      op: 'in',
      value: ['x', 'y,z', 'q"r'],
    });
    expect(parseFilter('a', 'in.()')).toMatchObject({ op: 'in', value: [] });
    expect(parseFilter('a', 'eq.a.b')).toMatchObject({ value: 'a.b' });
    expect(parseFilter('a', 'like.*x*')).toMatchObject({ op: 'like', value: '*x*' });
  });

  it('refuses unsupported operators by name and garbage with PostgREST’s message', () => {
    expect(failure(() => parseFilter('a', 'fts.x')).message).toContain('fts');
    expect(failure(() => parseFilter('a', 'eq(any).{1}')).message).toContain('eq(any)');
    expect(failure(() => parseFilter('or', '(a.eq.1)')).message).toContain('or');
    expect(failure(() => parseFilter('a', 'zz.1')).message).toBe(
      '"failed to parse filter (zz.1)" (line 1, column 1)',
    );
    expect(failure(() => parseFilter('a', 'is.maybe')).details).toContain('null or trilean');
  });
});

describe('parseOrder', () => {
  it('reads directions and nulls placement', () => {
    expect(parseOrder('a.desc.nullslast,b')).toEqual([
      { column: 'a', direction: 'DESC', nulls: 'NULLS LAST' },
      { column: 'b', direction: null, nulls: null },
    ]);
    expect(parseOrder('a.nullsfirst')).toEqual([
      { column: 'a', direction: null, nulls: 'NULLS FIRST' },
    ]);
  });

  it('points at a bad modifier', () => {
    expect(failure(() => parseOrder('a.sideways')).message).toBe(
      '"failed to parse order (a.sideways)" (line 1, column 3)',
    );
  });
});

describe('parseQuery', () => {
  it('separates reserved parameters, filters and function arguments', () => {
    const q = parseQuery(
      new URLSearchParams('select=id&a=eq.1&a=lt.5&limit=2&offset=4&arg=x'),
      null,
      new Set(['arg']),
    );
    expect(q.select).toEqual(['id']);
    expect(q.filters.map((f) => f.op)).toEqual(['eq', 'lt']);
    expect(q.limit).toBe(2);
    expect(q.offset).toBe(4);
  });

  it('reads a Range header as limit and offset', () => {
    expect(parseQuery(new URLSearchParams(), '5-9')).toMatchObject({ offset: 5, limit: 5 });
  });

  it('answers 416 for a negative limit, like PostgREST', () => {
    expect(failure(() => parseQuery(new URLSearchParams('limit=-1'), null)).status).toBe(416);
  });
});
