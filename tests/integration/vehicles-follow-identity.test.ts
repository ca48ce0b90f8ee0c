import { copyFile, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, MIGRATIONS_DIR } from '../../server/db/migrate.ts';
import type { Database } from '../../server/db/database.ts';
import { seedDefaultContent } from '../../server/seed.ts';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import { checklist } from '../../src/content/checklist.ts';
import type { SiteContent } from '../../src/content/content.ts';
import { sql } from '../helpers/fixtures.ts';
import { DATABASE_BACKENDS } from '../helpers/postgres-db.ts';

// The vehicles partner's slideshow address belongs to the garage's identity
// (docs/decisions/081-partner-addresses-in-identity.md): the vehicles record's `iframeUrl` is
// derived from it by the database whoever writes, and upgrading a site moves the address the
// owner typed in « Véhicules » into the identity. On embedded PGlite and on PostgreSQL.

const PARTNER = 'https://occasions.mon-partenaire.fr/vitrine?garage=42';
/** The first migration of the partner address in the identity. */
const IN_IDENTITY = '20261128020002';

async function content(db: Database, type: string): Promise<Record<string, unknown>> {
  const rows = await sql<{ content: string }>(
    db,
    'select content::text as content from public.site_content where type = $1',
    [type],
  );
  return JSON.parse(rows[0]!.content) as Record<string, unknown>;
}

/** A site of the release before: its identity without the partner address, its vehicles record. */
async function previousSite(db: Database, iframeUrl: string): Promise<void> {
  const { vehiclesSlideshowUrl: _, ...identity } = DEFAULT_CONTENT.identity;
  for (const [type, value] of [
    ['identity', identity],
    ['vehicles', { ...DEFAULT_CONTENT.vehicles, iframeUrl }],
  ] as const) {
    await sql(db, 'insert into public.site_content (type, content) values ($1, $2::jsonb)', [
      type,
      JSON.stringify(value),
    ]);
  }
}

async function save(db: Database, type: string, value: unknown): Promise<void> {
  await sql(db, 'update public.site_content set content = $2::jsonb where type = $1', [
    type,
    JSON.stringify(value),
  ]);
}

describe.each(DATABASE_BACKENDS)('the vehicles partner address (%s)', (_, open) => {
  let root: string;
  let previous: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'garage-vehicles-'));
    previous = path.join(root, 'migrations');
    await mkdir(previous);
    for (const file of await readdir(MIGRATIONS_DIR)) {
      if (file.split('_')[0]! < IN_IDENTITY)
        await copyFile(path.join(MIGRATIONS_DIR, file), path.join(previous, file));
    }
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  async function withDatabase(run: (db: Database) => Promise<void>) {
    const opened = await open();
    try {
      await run(opened.db);
    } finally {
      await opened.close();
    }
  }

  it('is edited in the identity, and the vehicles record follows whoever writes it', async () => {
    await withDatabase(async (db) => {
      await migrate(db);
      await seedDefaultContent(db);
      await save(db, 'identity', { ...DEFAULT_CONTENT.identity, vehiclesSlideshowUrl: PARTNER });
      expect(await content(db, 'vehicles')).toEqual({
        ...DEFAULT_CONTENT.vehicles,
        iframeUrl: PARTNER,
      });

      // A client writing the vehicles record changes its texts, never the address.
      await save(db, 'vehicles', {
        ...DEFAULT_CONTENT.vehicles,
        title: 'Nos occasions',
        iframeUrl: 'https://ailleurs.example/',
      });
      expect(await content(db, 'vehicles')).toEqual({
        ...DEFAULT_CONTENT.vehicles,
        title: 'Nos occasions',
        iframeUrl: PARTNER,
      });
    });
  }, 60_000);

  it('moves the address typed in « Véhicules » into the identity when upgrading', async () => {
    await withDatabase(async (db) => {
      await migrate(db, previous);
      await previousSite(db, PARTNER);
      const before = await content(db, 'identity');
      expect(before).not.toHaveProperty('vehiclesSlideshowUrl');

      await migrate(db);
      await seedDefaultContent(db);
      expect(await content(db, 'identity')).toEqual({
        ...before,
        vehiclesSlideshowUrl: PARTNER,
      });
      expect((await content(db, 'vehicles')).iframeUrl).toBe(PARTNER);

      // The owner's address is not an example: nothing left to complete about it.
      const site = Object.fromEntries(
        await Promise.all(
          Object.keys(DEFAULT_CONTENT).map(async (type) => [type, await content(db, type)]),
        ),
      ) as unknown as SiteContent;
      expect(checklist(site).filter((item) => /diaporama/i.test(item.label))).toEqual([]);
    });
  }, 60_000);

  it('keeps the example address of a site that never set one, shown as to complete', async () => {
    await withDatabase(async (db) => {
      await migrate(db, previous);
      await previousSite(db, DEFAULT_CONTENT.vehicles.iframeUrl);
      await migrate(db);
      await seedDefaultContent(db);
      expect((await content(db, 'identity')).vehiclesSlideshowUrl).toBe(
        DEFAULT_CONTENT.identity.vehiclesSlideshowUrl,
      );
      const site = Object.fromEntries(
        await Promise.all(
          Object.keys(DEFAULT_CONTENT).map(async (type) => [type, await content(db, type)]),
        ),
      ) as unknown as SiteContent;
      expect(
        checklist(site)
          .filter((item) => /diaporama/i.test(item.label))
          .map(({ type, path }) => ({ type, path })),
      ).toEqual([{ type: 'identity', path: ['vehiclesSlideshowUrl'] }]);
    });
  }, 60_000);
});
