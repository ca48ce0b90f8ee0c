import { copyFile, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { migrate, MIGRATIONS_DIR } from '../../server/db/migrate.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { validatorFor } from '../../src/content/content.ts';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import { sql } from '../helpers/fixtures.ts';
import { createTestDatabase } from '../helpers/postgres-db.ts';

// A site stored before reviews stated their checking and order, and before the pricing stated how
// work is charged, upgrades on both backends: its reviews keep their place and text, gain the
// checking sentence that is true of them and the order they always had (the owner's), and no date
// is invented; its pricing stays as it was, the charging method left for the owner to state.

const FIRST_NEW = '20261127210000';

const OLD_TESTIMONIALS = {
  title: 'Ils nous font confiance',
  reviews: [
    { author: 'Karim B.', quote: 'Réparation rapide.', rating: 3 },
    { author: 'Marie L.', quote: 'Accueil parfait.', rating: 5, date: '2026-03-14' },
  ],
};
const OLD_PRICING = { title: 'Nos tarifs', t1: '58€/h', t2: '68€/h', t3: '79€/h' };

const backends: [string, () => Promise<{ db: Database; close: () => Promise<void> }>][] = [
  [
    'PGlite',
    async () => {
      const root = await mkdtemp(path.join(tmpdir(), 'garage-legal-content-'));
      const db = await openPglite({ dataDir: path.join(root, 'data') });
      return {
        db,
        close: async () => {
          await db.close();
          await rm(root, { recursive: true, force: true });
        },
      };
    },
  ],
  [
    'PostgreSQL',
    async () => {
      const testDb = await createTestDatabase();
      const db = await openPostgres(testDb.url, 2);
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

async function stored(db: Database, type: string): Promise<unknown> {
  const [row] = await sql<{ content: string }>(
    db,
    `select content::text as content from public.site_content where type = $1`,
    [type],
  );
  return JSON.parse(row!.content);
}

/** Saves as the back-office does, through the database's content check; the error, or null. */
async function save(db: Database, type: string, content: unknown): Promise<string | null> {
  try {
    await sql(db, `update public.site_content set content = $2::jsonb where type = $1`, [
      type,
      JSON.stringify(content),
    ]);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe.each(backends)('upgrading stored reviews and pricing (%s)', (_, open) => {
  let db: Database;
  let close: () => Promise<void>;
  let previous: string;

  beforeAll(async () => {
    ({ db, close } = await open());
    previous = await mkdtemp(path.join(tmpdir(), 'garage-legal-migrations-'));
    await mkdir(previous, { recursive: true });
    for (const file of await readdir(MIGRATIONS_DIR)) {
      if (file.split('_')[0]! < FIRST_NEW) {
        await copyFile(path.join(MIGRATIONS_DIR, file), path.join(previous, file));
      }
    }
    await migrate(db, previous);
    for (const [type, content] of [
      ['testimonials', OLD_TESTIMONIALS],
      ['pricing', OLD_PRICING],
    ] as const) {
      await sql(db, `insert into public.site_content (type, content) values ($1, $2::jsonb)`, [
        type,
        JSON.stringify(content),
      ]);
    }
    await migrate(db);
  });
  afterAll(async () => {
    await close?.();
    await rm(previous, { recursive: true, force: true });
  });

  it('gives the reviews the checking sentence and their old order, inventing no date', async () => {
    const testimonials = await stored(db, 'testimonials');
    expect(testimonials).toEqual({
      ...OLD_TESTIMONIALS,
      checking: DEFAULT_CONTENT.testimonials.checking,
      order: 'as-listed',
    });
    expect(validatorFor('testimonials')(testimonials)).toBe(true);
  });

  it('keeps the pricing as it was, valid, the charging method for the owner to state', async () => {
    const pricing = await stored(db, 'pricing');
    expect(pricing).toEqual(OLD_PRICING);
    expect(validatorFor('pricing')(pricing)).toBe(true);
    expect(await save(db, 'pricing', { ...OLD_PRICING, billing: 'manufacturer-scale' })).toBeNull();
    expect(await save(db, 'pricing', { ...OLD_PRICING, billing: 'au forfait' })).toMatch(
      /Facturation du temps de travail/,
    );
  });

  it('refuses from now on reviews that do not say how they are checked or ordered', async () => {
    const testimonials = (await stored(db, 'testimonials')) as Record<string, unknown>;
    const { checking: _checking, ...withoutChecking } = testimonials;
    expect(await save(db, 'testimonials', withoutChecking)).toMatch(/Vérification des avis/);
    expect(await save(db, 'testimonials', { ...testimonials, order: 'au hasard' })).toMatch(
      /Ordre des avis/,
    );
    expect(
      await save(db, 'testimonials', {
        ...testimonials,
        reviews: [{ ...OLD_TESTIMONIALS.reviews[1], experienceDate: '2026-03-02' }],
      }),
    ).toBeNull();
  });
});
