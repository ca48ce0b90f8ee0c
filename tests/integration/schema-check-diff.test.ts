import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { loadSchemas, type JsonSchema, type LoadedSchema } from '../../scripts/gen/load.ts';
import {
  contentFunction,
  formFunction,
  problemExpression,
  TABLE_CHECKS,
} from '../../scripts/gen/sql.ts';
import { ajvSchema, makeAjv } from '../../scripts/gen/validators.ts';
import { FORMATS } from '../../scripts/gen/formats.ts';
import { toPostgresRegex } from '../../scripts/gen/regex.ts';
import { validatorFor } from '../../src/content/content.ts';
import { createTestDatabase } from '../helpers/postgres-db.ts';
import { DocumentMaker } from './schema-documents.ts';

// The database check and the browser validators are two compilations of one schema: this test
// holds them to the same verdict on many documents made from each schema, on both backends. See
// docs/decisions/009-schema-driven-content.md.

const ROOT = path.resolve(import.meta.dirname, '../..');
const DOCUMENTS = 1200;
const BATCH = 400;

/** Every schema the database enforces: each site_content type and each form kept in a table. */
const checked = (await loadSchemas(ROOT)).filter(
  (s) => s.kind === 'content' || s.name in TABLE_CHECKS,
);
const functionOf = (s: LoadedSchema) =>
  s.kind === 'content' ? contentFunction(s.name) : formFunction(s.name);

/**
 * A schema for this test only, using each validation keyword our schemas do not use yet, so that
 * their compilation is held to ajv's verdicts too before a schema needs them.
 */
const EVERY_KEYWORD: LoadedSchema = {
  name: 'every-keyword',
  kind: 'form',
  ui: {},
  schema: {
    $id: 'every-keyword',
    type: 'object',
    'x-note': 'an annotation: ignored by both',
    required: ['kind', 'count'],
    additionalProperties: { type: 'string', maxLength: 3 },
    minProperties: 2,
    maxProperties: 6,
    properties: {
      kind: { const: 'fixed' },
      count: { type: 'integer', minimum: -2, maximum: 40, multipleOf: 2 },
      ratio: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1.5, multipleOf: 0.1 },
      tags: {
        type: 'array',
        uniqueItems: true,
        maxItems: 4,
        items: { $ref: '#/$defs/tag' },
      },
      choice: {
        oneOf: [
          { type: 'string', pattern: '^[a-z]{2,4}$' },
          { type: 'string', maxLength: 3 },
          { type: 'integer' },
        ],
      },
      either: { anyOf: [{ type: 'null' }, { type: 'string', format: 'uri' }] },
      both: { allOf: [{ type: 'string', minLength: 2 }, { not: { enum: ['no', 'non'] } }] },
      level: { enum: [1, 'two', null, [3], { four: 4 }] },
      code: { type: 'string', pattern: '^(?:[A-F0-9]{2}[.:-]?)+$' },
    },
    // A rule for some cases only: a large count needs its ratio, a small one a short code.
    if: { properties: { count: { type: 'integer', minimum: 10 } } },
    then: { required: ['ratio'], properties: { ratio: { type: 'number' } } },
    else: { properties: { code: { type: 'string', maxLength: 4 } } },
    $defs: {
      tag: { type: 'string', minLength: 1, maxLength: 5, pattern: '\\S' },
    },
  } as JsonSchema,
};

function documents(loaded: LoadedSchema): unknown[] {
  const seed = Array.from(loaded.name).reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);
  const maker = new DocumentMaker(loaded.schema, seed);
  const docs: unknown[] = loaded.schema.default === undefined ? [] : [loaded.schema.default];
  while (docs.length < DOCUMENTS / 2) docs.push(maker.document(loaded.schema));
  // The other half: each of the first half changed in one to three places.
  while (docs.length < DOCUMENTS) {
    let doc = docs[docs.length - DOCUMENTS / 2];
    for (let n = 1 + (docs.length % 3); n > 0; n--) doc = maker.mutate(doc as never);
    docs.push(doc);
  }
  return docs;
}

/** The database's verdict on each document (its problem, or null), a batch per statement. */
async function databaseProblems(
  db: Database,
  fn: string,
  docs: unknown[],
): Promise<(string | null)[]> {
  const out: (string | null)[] = [];
  for (let start = 0; start < docs.length; start += BATCH) {
    const batch = docs.slice(start, start + BATCH);
    const rows = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ p: string | null }>(
        `select ${fn}(t.d) as p from jsonb_array_elements($1::jsonb) with ordinality as t(d, i) order by t.i`,
        [JSON.stringify(batch)],
      );
      return rows;
    });
    out.push(...rows.map((r) => r.p));
  }
  return out;
}

function compare(docs: unknown[], browser: (doc: unknown) => boolean, problems: (string | null)[]) {
  const verdicts = docs.map((doc, i) => ({ doc, browser: browser(doc), database: problems[i] }));
  const valid = verdicts.filter((v) => v.browser).length;
  const disagreements = verdicts.filter((v) => v.browser !== (v.database === null));
  return { valid, invalid: verdicts.length - valid, disagreements };
}

const backends: [string, () => Promise<{ db: Database; close: () => Promise<void> }>][] = [
  [
    'PGlite',
    async () => {
      const db = await openPglite({});
      await migrate(db);
      return { db, close: () => db.close() };
    },
  ],
  [
    'PostgreSQL',
    async () => {
      const testDb = await createTestDatabase();
      const db = await openPostgres(testDb.url, 2);
      await migrate(db);
      return {
        db,
        close: async () => {
          await db.close();
          await testDb.drop();
        },
      };
    },
  ],
];

describe.each(backends)('the database check agrees with the browser validators (%s)', (_, open) => {
  let db: Database;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ db, close } = await open());
  });
  afterAll(() => close?.());

  it('covers every content type and the blog posts', () => {
    expect(checked.map((s) => s.name)).toEqual(expect.arrayContaining(['hero', 'blog-post']));
    expect(checked.length).toBeGreaterThanOrEqual(12);
  });

  it.each(checked.map((s) => [s.name, s] as const))('%s', async (_name, loaded) => {
    const docs = documents(loaded);
    const validate = validatorFor(loaded.name);
    const result = compare(
      docs,
      (doc) => validate(doc),
      await databaseProblems(db, functionOf(loaded), docs),
    );
    expect(result.disagreements.slice(0, 1)).toEqual([]);
    expect(docs.length).toBeGreaterThanOrEqual(1000);
    // Both verdicts well represented, or the comparison proves little.
    expect(result.valid).toBeGreaterThanOrEqual(docs.length / 10);
    expect(result.invalid).toBeGreaterThanOrEqual(docs.length / 10);
  });

  it('every other supported keyword (a schema made for this test)', async () => {
    const fn = formFunction(EVERY_KEYWORD.name);
    await db.transaction((tx) =>
      tx.exec(
        `create or replace function ${fn}(c jsonb) returns text language sql immutable set search_path = '' as $fn$ select ${problemExpression(EVERY_KEYWORD)} $fn$;`,
      ),
    );
    const validate = makeAjv(false).compile(ajvSchema(EVERY_KEYWORD.schema));
    const docs = documents(EVERY_KEYWORD);
    const result = compare(docs, (doc) => validate(doc), await databaseProblems(db, fn, docs));
    expect(result.disagreements.slice(0, 1)).toEqual([]);
    expect(result.valid).toBeGreaterThanOrEqual(docs.length / 40);
    expect(result.invalid).toBeGreaterThanOrEqual(docs.length / 10);
  });

  it('counts characters, not UTF-16 code units, on both sides', async () => {
    const post = { title: 'T', excerpt: 'E', content: 'C', image_url: null };
    const docs = [199, 200, 201].map((n) => ({ ...post, title: '😀'.repeat(n) }));
    const validate = validatorFor('blog-post');
    expect(docs.map((doc) => validate(doc))).toEqual([true, true, false]);
    expect(await databaseProblems(db, formFunction('blog-post'), docs)).toEqual([
      null,
      null,
      '« Titre » doit contenir au plus 200 caractères.',
    ]);
  });

  it('matches patterns and formats as JavaScript does', async () => {
    const used: string[] = [];
    JSON.stringify(
      checked.map((s) => s.schema),
      (key, value: unknown) => {
        if (key === 'pattern' && typeof value === 'string') used.push(value);
        return value;
      },
    );
    expect(used).toContain('\\S');
    const patterns: [string, string][] = [
      ...used.map((p) => [p, ''] as [string, string]),
      ...Object.values(FORMATS).map(({ pattern, flags }) => [pattern, flags] as [string, string]),
      ['^a.c$', ''],
      ['^[\\]\\\\^-]+$', ''],
      ['^(?!x)\\w+\\d?$', ''],
      ['^k+$', 'i'],
      ['^\\w+$', 'i'],
      ['^[^s]+$', 'i'],
    ];
    const strings = [
      '',
      ' ',
      '\u00a0',
      '\u3000',
      '\u2028',
      '\ufeff',
      '\u200b',
      'a😀c',
      'a\nc',
      'abc',
      'ab-c',
      ']\\^-',
      '١٢',
      'x1',
      'y_1',
      'HTTPS://a.b',
      'httpſ://a',
      '/x',
      '//x',
      '/\\x',
      'a@b.c',
      'a@b',
      '2026-11-23T05:30:53.123+00:00',
      'K\u212a',
      'kK',
      'İ',
    ];
    for (const [pattern, flags] of patterns) {
      const js = new RegExp(pattern, `${flags}u`);
      const { rows } = await db.transaction((tx) =>
        tx.query<{ s: string; m: boolean }>(
          'select s, s ~ $1 as m from unnest($2::text[]) with ordinality as t(s, i) order by i',
          [toPostgresRegex(pattern, flags), strings],
        ),
      );
      expect({ pattern, flags, matches: rows.map((r) => r.m) }).toEqual({
        pattern,
        flags,
        matches: strings.map((text) => js.test(text)),
      });
    }
  });
});
