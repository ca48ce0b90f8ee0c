import { copyFile, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, MIGRATIONS_DIR } from '../../server/db/migrate.ts';
import { openPglite } from '../../server/db/pglite.ts';
import type { Database } from '../../server/db/database.ts';
import { sql } from '../helpers/fixtures.ts';

// A site whose sections were stored before the home page rendered them by type: the built-in
// about and pricing sections were typed 'text'. Upgrading gives them their own type and keeps
// everything the owner set.

const SECTIONS_BY_TYPE = '20261123062900';

const before = [
  { id: 'hero', title: 'Accueil', order: 0, visible: true, type: 'hero' },
  { id: 'pricing', title: 'Nos tarifs', order: 1, visible: false, type: 'text' },
  {
    id: 'section-1763800000000',
    title: 'Promotions',
    order: 2,
    visible: true,
    type: 'text',
    content: '<p>-10 % sur les pneus</p>',
  },
  { id: 'about', title: 'Qui sommes-nous', order: 3, visible: true, type: 'text' },
  { id: 'contact', title: 'Contact', order: 4, visible: true, type: 'contact' },
];

let root: string;
let db: Database;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'garage-sections-'));
  const previous = path.join(root, 'migrations');
  await mkdir(previous);
  for (const file of await readdir(MIGRATIONS_DIR)) {
    if (file.split('_')[0]! < SECTIONS_BY_TYPE)
      await copyFile(path.join(MIGRATIONS_DIR, file), path.join(previous, file));
  }
  db = await openPglite({ dataDir: path.join(root, 'data') });
  await migrate(db, previous);
  await sql(db, `insert into public.site_content (type, content) values ('sections', $1::jsonb)`, [
    JSON.stringify(before),
  ]);
  await migrate(db);
});
afterAll(async () => {
  await db.close();
  await rm(root, { recursive: true, force: true });
});

describe('upgrading the stored sections', () => {
  it('gives the built-in about and pricing sections their own type, keeping the rest', async () => {
    const [row] = await sql<{ content: string }>(
      db,
      `select content::text as content from public.site_content where type = 'sections'`,
    );
    expect(JSON.parse(row!.content)).toEqual(
      before.map((section) =>
        section.id === 'about' || section.id === 'pricing'
          ? { ...section, type: section.id }
          : section,
      ),
    );
  });
});
