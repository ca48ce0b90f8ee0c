/**
 * The dataset of `npm run bench:scale`: ten years of a busy garage, 5,000 published articles of
 * about 5 kB and 1,000,000 visits over 5 years, plus one administrator. Made once per backend and
 * reused by later runs (`BENCH_FRESH=1` makes it again): in `.bench/scale-pglite/` for PGlite,
 * and in the database `garage_bench_scale` of the test PostgreSQL server.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { upsertUser } from '../../server/auth/users.ts';
import type { Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { seedDefaultContent } from '../../server/seed.ts';

export const POSTS = 5_000;
export const VISITS = 1_000_000;
export const ADMIN = { email: 'patron@garage.bench', password: 'mot-de-passe-du-banc-1' };
const MARKER = { posts: POSTS, visits: VISITS, version: 1 };
const DATABASE = 'garage_bench_scale';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const PGLITE_DIR = path.join(ROOT, '.bench', 'scale-pglite');

/** About 5 kB of French markdown, different for each article. */
const CONTENT = `## Entretien

${'Un entretien régulier prolonge la vie du moteur et évite les pannes coûteuses. '.repeat(30)}

## Nos conseils

${'Vérifiez les niveaux, la pression des pneus et l’état des freins avant chaque long trajet. '.repeat(25)}`;

async function fill(db: Database): Promise<void> {
  await migrate(db);
  await seedDefaultContent(db);
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into public.blog_posts
         (title, slug, content, excerpt, image_url, published_at, created_at, views)
       select 'Conseil d’atelier n°' || i, 'conseil-atelier-' || i, $1 || E'\\n\\nArticle ' || i,
              'Ce qu’il faut savoir, en quelques lignes : conseil n°' || i || '.',
              '/images/hero-atelier.svg',
              now() - (i * interval '17 hours'), now() - (i * interval '17 hours'), i % 500
         from generate_series(1, $2::int) as i`,
      [CONTENT, POSTS],
    );
  });
  // One statement, as a year of recordVisit calls would have made them one by one.
  await db.transaction((tx) =>
    tx.query(
      `insert into public.visits (page, visited_at)
       select 'home', now() - random() * interval '5 years' from generate_series(1, $1::int)`,
      [VISITS],
    ),
  );
  await upsertUser(db, { ...ADMIN, admin: true });
  await db.exec('checkpoint');
}

/** The PGlite data directory holding the dataset, made when missing. */
export async function pgliteDataset(fresh: boolean): Promise<string> {
  const marker = path.join(PGLITE_DIR, 'bench-dataset.json');
  const current = await readFile(marker, 'utf8').catch(() => '');
  if (!fresh && current === JSON.stringify(MARKER)) return PGLITE_DIR;
  await rm(PGLITE_DIR, { recursive: true, force: true });
  await mkdir(PGLITE_DIR, { recursive: true });
  console.error(`▶ Dataset on PGlite (${POSTS} articles, ${VISITS} visits): a few minutes, once`);
  const db = await openPglite({ dataDir: PGLITE_DIR });
  try {
    await fill(db);
  } finally {
    await db.close();
  }
  await writeFile(marker, JSON.stringify(MARKER));
  return PGLITE_DIR;
}

/** The PostgreSQL database holding the dataset (made when missing), as a connection URL. */
export async function postgresDataset(serverUrl: string, fresh: boolean): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const url = new URL(serverUrl);
  url.pathname = `/${DATABASE}`;
  try {
    const { rows } = await admin.query<{ description: string | null }>(
      `select shobj_description(oid, 'pg_database') as description
         from pg_database where datname = $1`,
      [DATABASE],
    );
    if (!fresh && rows[0]?.description === JSON.stringify(MARKER)) return url.toString();
    await admin.query(`drop database if exists ${DATABASE} with (force)`);
    await admin.query(`create database ${DATABASE}`);
    console.error(`▶ Dataset on PostgreSQL (${POSTS} articles, ${VISITS} visits)`);
    const db = await openPostgres(url.toString());
    try {
      await fill(db);
    } finally {
      await db.close();
    }
    await admin.query(`comment on database ${DATABASE} is '${JSON.stringify(MARKER)}'`);
    return url.toString();
  } finally {
    await admin.end();
  }
}

export function pgliteDatasetExists(): boolean {
  return existsSync(path.join(PGLITE_DIR, 'bench-dataset.json'));
}
