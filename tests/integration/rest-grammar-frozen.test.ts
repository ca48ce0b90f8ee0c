/**
 * /rest/v1's grammar is frozen to what supabase-js sends for this product
 * (docs/decisions/091-keep-our-rest-layer.md): of PostgREST 12's filter operators, which the
 * grammar reads, only the declared ones run; every other answers 400 and names itself, in a
 * filter, negated, and inside `or`/`and`. The lists come from the code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import {
  FTS_OPERATORS,
  QUANTIFIABLE_OPERATORS,
  QUANTIFIERS,
  SIMPLE_OPERATORS,
} from '../../server/rest/grammar-filter.ts';
import { SERVED_OPERATORS } from '../../server/rest/query-filters.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 60_000);

afterAll(async () => {
  await server?.close();
});

async function get(query: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.url}/rest/v1/blog_posts?select=slug&${query}`, {
    headers: { apikey: server.anonKey, Authorization: `Bearer ${server.anonKey}` },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const POSTGREST_OPERATORS = [
  ...new Set<string>([
    ...QUANTIFIABLE_OPERATORS,
    ...SIMPLE_OPERATORS,
    ...FTS_OPERATORS,
    'isdistinct',
  ]),
];
const served = POSTGREST_OPERATORS.filter((op) => SERVED_OPERATORS.has(op));
const refused = POSTGREST_OPERATORS.filter((op) => !SERVED_OPERATORS.has(op));
const quantified = QUANTIFIABLE_OPERATORS.flatMap((op) => QUANTIFIERS.map((q) => `${op}(${q})`));

describe('the operators supabase-js sends for this product run', () => {
  it('some are declared, and each belongs to PostgREST', () => {
    expect(served.length).toBeGreaterThan(0);
    expect([...SERVED_OPERATORS].filter((op) => !POSTGREST_OPERATORS.includes(op))).toEqual([]);
  });

  for (const op of served) {
    it(`${op}, plain, negated and in or`, async () => {
      for (const query of [`slug=${op}.x`, `slug=not.${op}.x`, `or=(slug.${op}.x,slug.eq.y)`]) {
        const { status, body } = await get(query);
        expect({ query, status, rows: Array.isArray(body) }).toEqual({
          query,
          status: 200,
          rows: true,
        });
      }
    });
  }
});

describe('every other PostgREST operator is refused by name', () => {
  for (const op of [...refused, ...quantified]) {
    it(op, async () => {
      for (const query of [
        `slug=${op}.x`,
        `slug=not.${op}.x`,
        `or=(slug.${op}.x,slug.eq.y)`,
        `and=(slug.eq.y,slug.not.${op}.x)`,
      ]) {
        const { status, body } = await get(query);
        expect({ query, status, code: body.code, message: body.message }).toEqual({
          query,
          status: 400,
          code: 'PGRST100',
          message: `Non pris en charge par ce serveur : opérateur ${op}`,
        });
      }
    });
  }
});
