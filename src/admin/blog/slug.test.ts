import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slugify } from './slug.ts';

const CASES: [string, string][] = [
  ['Vidange et entretien', 'vidange-et-entretien'],
  ['Révision été : les pneus à vérifier', 'revision-ete-les-pneus-a-verifier'],
  ["L'œuvre du garagiste", 'l-oeuvre-du-garagiste'],
  ['ŒUVRES & Cæsar, Æther', 'oeuvres-caesar-aether'],
  ['École, Ça, Noël, Ÿvelines', 'ecole-ca-noel-yvelines'],
  ['  --Freins !!! ABS?? -- ', 'freins-abs'],
  ['Pneus 4×4 — 205/55 R16', 'pneus-4-4-205-55-r16'],
  ['Straße Łódź Øre', 'strase-lodz-ore'],
  ['???', ''],
  ['', ''],
  ['Déjà-vu___garage', 'deja-vu-garage'],
  ['Ωmega 日本 car', 'mega-car'],
];

describe('slugify (docs/decisions/012-slugs.md)', () => {
  it.each(CASES)('%j → %j', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('folds accents, spells œ and æ out, and lowercases', () => {
    expect(slugify('Œil ÉTÉ æ')).toBe('oeil-ete-ae');
  });

  it('turns each run of other characters into one hyphen, trimmed at both ends', () => {
    expect(slugify('--a  ,;: b--')).toBe('a-b');
    expect(slugify(null)).toBe('');
  });
});

describe('slugify matches public.slugify in the database', () => {
  let db: PGlite;

  beforeAll(async () => {
    const migration = readFileSync(
      new URL('../../../supabase/migrations/20261122000100_core_schema.sql', import.meta.url),
      'utf8',
    );
    const start = migration.indexOf('create or replace function public.slugify');
    const end = migration.indexOf('$$;', start) + 3;
    expect(start).toBeGreaterThan(-1);
    db = new PGlite();
    await db.exec(migration.slice(start, end));
  });

  afterAll(() => db.close());

  it('gives the same slug for every case', async () => {
    const titles = [...CASES.map(([title]) => title), 'Œil ÉTÉ æ', '--a  ,;: b--', 'ÀÉÎÕÜ ẞ ÿ'];
    for (const title of titles) {
      const { rows } = await db.query<{ slug: string }>('select public.slugify($1) as slug', [
        title,
      ]);
      expect(slugify(title), title).toBe(rows[0]!.slug);
    }
  });
});
