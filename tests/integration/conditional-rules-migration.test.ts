import { copyFile, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, MIGRATIONS_DIR } from '../../server/db/migrate.ts';
import type { Database } from '../../server/db/database.ts';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import { sql } from '../helpers/fixtures.ts';
import { DATABASE_BACKENDS, type OpenedDatabase } from '../helpers/postgres-db.ts';

// A site saved before the database checked the pop-up's texts and the image blocks' descriptions
// (rules of the form only until then) upgrades without failing, on embedded PGlite and on
// PostgreSQL: what the new check refuses is brought within it, nothing the owner wrote is lost
// (supabase/migrations/20261128100001_conditional_content_rules.sql).

const CHECK_MIGRATION = '20261128100000';

const POPUP = { active: true, title: '', message: 'Le garage sera fermé en août.' };
const ALERT = { active: true, message: ' ', type: 'warning', permanent: false };
const block = (id: string, type: string, fields: Record<string, string>) => ({
  id,
  title: `Bloc ${id}`,
  order: 20,
  visible: true,
  type,
  imageUrl: '/storage/v1/object/public/media/pneus.jpg',
  ...fields,
});
const SECTIONS = [
  ...DEFAULT_CONTENT.sections,
  block('section-1', 'image', {}),
  block('section-2', 'image', { imageAlt: '  ' }),
  block('section-3', 'image', { imageAlt: 'Pneus neufs empilés' }),
  // A text block's photo was never asked for a description: it is left as it is.
  block('section-4', 'text', { content: '<p>Promo</p>' }),
];

describe.each(DATABASE_BACKENDS)('upgrading content the new checks refuse (%s)', (_name, open) => {
  let root: string;
  let opened: OpenedDatabase;
  let db: Database;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'garage-conditional-'));
    const previous = path.join(root, 'migrations');
    await mkdir(previous);
    for (const file of await readdir(MIGRATIONS_DIR)) {
      if (file.split('_')[0]! < CHECK_MIGRATION)
        await copyFile(path.join(MIGRATIONS_DIR, file), path.join(previous, file));
    }
    opened = await open(path.join(root, 'data'));
    db = opened.db;
    await migrate(db, previous);
    await sql(db, `delete from public.site_content where type in ('modal', 'alert', 'sections')`);
    await sql(
      db,
      `insert into public.site_content (type, content)
       values ('modal', $1::jsonb), ('alert', $2::jsonb), ('sections', $3::jsonb)`,
      [JSON.stringify(POPUP), JSON.stringify(ALERT), JSON.stringify(SECTIONS)],
    );
    await migrate(db);
  }, 120_000);
  afterAll(async () => {
    await opened?.close();
    await rm(root, { recursive: true, force: true });
  });

  const stored = async (type: string) => {
    const [row] = await sql<{ content: string; problem: string | null }>(
      db,
      `select content::text as content, private.site_content_problem(type, content) as problem
       from public.site_content where type = $1`,
      [type],
    );
    return { content: JSON.parse(row!.content) as unknown, problem: row!.problem };
  };

  it('switches off a pop-up shown without a title and an alert without a message, keeping their texts', async () => {
    expect(await stored('modal')).toEqual({ content: { ...POPUP, active: false }, problem: null });
    expect(await stored('alert')).toEqual({ content: { ...ALERT, active: false }, problem: null });
  });

  it('describes an image block’s photo by the block’s title, and keeps every other block', async () => {
    const described = (index: number) => ({
      ...SECTIONS[index],
      imageAlt: SECTIONS[index]!.title,
    });
    const count = DEFAULT_CONTENT.sections.length;
    expect(await stored('sections')).toEqual({
      content: [
        ...SECTIONS.slice(0, count),
        described(count),
        described(count + 1),
        ...SECTIONS.slice(count + 2),
      ],
      problem: null,
    });
  });
});
