import { copyFile, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, MIGRATIONS_DIR } from '../../server/db/migrate.ts';
import type { Database } from '../../server/db/database.ts';
import { contactFromIdentity } from '../../src/content/garage-address.ts';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import type { ContactContent, IdentityContent } from '../../src/content/generated/types.ts';
import { sql } from '../helpers/fixtures.ts';
import { seedDefaultContent } from '../../server/seed.ts';
import { DATABASE_BACKENDS } from '../helpers/postgres-db.ts';

// A site from before the one identity (docs/decisions/057-one-garage-identity.md), whose contact
// record and identity say different things: upgrading merges them, the row saved last winning
// detail by detail, derives the contact record from the result, and tells the owner once what came
// from where. On embedded PGlite and on PostgreSQL.

const ONE_IDENTITY = '20261127180001';

interface Site {
  identity: IdentityContent;
  contact: ContactContent;
  /** Which row was saved last. */
  newer: 'identity' | 'contact';
}

interface Upgraded {
  identity: IdentityContent;
  contact: ContactContent;
  notices: string[];
}

/** The migrations up to (not including) the one identity, in a folder of their own. */
async function previousMigrations(root: string): Promise<string> {
  const previous = path.join(root, 'migrations');
  await mkdir(previous);
  for (const file of await readdir(MIGRATIONS_DIR)) {
    if (file.split('_')[0]! < ONE_IDENTITY)
      await copyFile(path.join(MIGRATIONS_DIR, file), path.join(previous, file));
  }
  return previous;
}

async function upgrade(db: Database, previous: string, site: Site): Promise<Upgraded> {
  await migrate(db, previous);
  const saved = (type: string) =>
    site.newer === type ? '2026-11-20T10:00:00Z' : '2026-11-01T10:00:00Z';
  // The identity of that release had no partner slideshow address (a later migration adds it).
  const { vehiclesSlideshowUrl: _, ...identity } = site.identity;
  const previousRows = { identity, contact: site.contact };
  for (const type of ['identity', 'contact'] as const) {
    await sql(
      db,
      'insert into public.site_content (type, content, updated_at) values ($1, $2::jsonb, $3)',
      [type, JSON.stringify(previousRows[type]), saved(type)],
    );
  }
  await migrate(db);
  const rows = await sql<{ type: string; content: string }>(
    db,
    `select type, content::text as content from public.site_content where type in ('identity', 'contact')`,
  );
  const content = (type: string) => JSON.parse(rows.find((r) => r.type === type)!.content);
  const notices = await sql<{ message: string }>(db, 'select message from public.admin_notices');
  return {
    identity: content('identity'),
    contact: content('contact'),
    notices: notices.map((n) => n.message),
  };
}

const IDENTITY: IdentityContent = {
  ...DEFAULT_CONTENT.identity,
  name: 'Garage Martin',
  street: '1 rue de la République',
  postalCode: '69001',
  city: 'Lyon',
  phone: '04 00 00 00 00',
  email: 'contact@garage-exemple.fr',
};

describe.each(DATABASE_BACKENDS)('merging the contact record into the identity (%s)', (_, open) => {
  let root: string;
  let previous: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'garage-identity-'));
    previous = await previousMigrations(root);
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const run = async (site: Site) => {
    const opened = await open();
    try {
      return await upgrade(opened.db, previous, site);
    } finally {
      await opened.close();
    }
  };

  it("takes the contact page's details when it was saved last, its address split", async () => {
    const { identity, contact, notices } = await run({
      identity: IDENTITY,
      contact: {
        address: '12 rue des Lilas,  69003 Lyon',
        phone: '04 72 00 11 22',
        email: 'atelier@garage-martin.fr',
        mapUrl: 'https://www.openstreetmap.org/export/embed.html?bbox=4.82%2C45.76%2C4.84%2C45.77',
      },
      newer: 'contact',
    });
    expect(identity).toEqual({
      ...IDENTITY,
      street: '12 rue des Lilas',
      postalCode: '69003',
      city: 'Lyon',
      phone: '04 72 00 11 22',
      email: 'atelier@garage-martin.fr',
    });
    expect(contact).toEqual(contactFromIdentity(identity));
    expect(notices).toEqual([
      "Les coordonnées de la page Contact et de l'identité du garage ont été réunies : le téléphone (04 72 00 11 22), l'e-mail (atelier@garage-martin.fr), l'adresse (12 rue des Lilas,  69003 Lyon) viennent de la page Contact, enregistrée en dernier. Elles se modifient désormais dans « Identité du garage ».",
    ]);
  }, 60_000);

  it("keeps the identity's address when the contact page's cannot be split, and quotes it", async () => {
    const { identity, contact, notices } = await run({
      identity: IDENTITY,
      contact: {
        ...contactFromIdentity(IDENTITY),
        address: 'Zone artisanale des Prés\nLyon',
        phone: '04 72 00 11 22',
      },
      newer: 'contact',
    });
    expect(identity).toEqual({ ...IDENTITY, phone: '04 72 00 11 22' });
    expect(contact).toEqual(contactFromIdentity(identity));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('le téléphone (04 72 00 11 22) vient de la page Contact');
    expect(notices[0]).toContain(
      "l'adresse (1 rue de la République, 69001 Lyon) : celle de la page Contact, « Zone artisanale des Prés\nLyon », n'a pas pu être découpée",
    );
  }, 60_000);

  it("keeps the identity's details when it was saved last", async () => {
    const { identity, contact, notices } = await run({
      identity: IDENTITY,
      contact: { ...contactFromIdentity(IDENTITY), email: 'ancien@garage-martin.fr' },
      newer: 'identity',
    });
    expect(identity).toEqual(IDENTITY);
    expect(contact).toEqual(contactFromIdentity(IDENTITY));
    expect(notices).toEqual([
      "Les coordonnées de la page Contact et de l'identité du garage ont été réunies : l'e-mail (contact@garage-exemple.fr) vient de l'identité du garage, enregistrée en dernier. Elles se modifient désormais dans « Identité du garage ».",
    ]);
  }, 60_000);

  it('gives a site older than the identity an identity made of its contact details', async () => {
    const opened = await open();
    try {
      await migrate(opened.db, previous);
      await sql(opened.db, "delete from public.site_content where type = 'identity'");
      const typed: ContactContent = {
        address: '12 rue des Lilas, 69003 Lyon',
        phone: '04 72 00 11 22',
        email: 'atelier@garage-martin.fr',
        mapUrl: 'https://carte.exemple.fr/embed',
      };
      await sql(
        opened.db,
        `insert into public.site_content (type, content) values ('contact', $1::jsonb)
           on conflict (type) do update set content = excluded.content`,
        [JSON.stringify(typed)],
      );
      await migrate(opened.db);
      // The server's start: the types the database lacks get their first content.
      await seedDefaultContent(opened.db);
      const rows = await sql<{ type: string; content: string }>(
        opened.db,
        `select type, content::text as content from public.site_content where type in ('identity', 'contact')`,
      );
      const content = (type: string) => JSON.parse(rows.find((r) => r.type === type)!.content);
      expect(content('identity')).toEqual({
        ...DEFAULT_CONTENT.identity,
        street: '12 rue des Lilas',
        postalCode: '69003',
        city: 'Lyon',
        phone: '04 72 00 11 22',
        email: 'atelier@garage-martin.fr',
      });
      expect(content('contact')).toEqual(contactFromIdentity(content('identity')));
    } finally {
      await opened.close();
    }
  }, 60_000);

  it('tells nothing when both said the same', async () => {
    const { identity, contact, notices } = await run({
      identity: IDENTITY,
      contact: { ...contactFromIdentity(IDENTITY), mapUrl: 'https://carte.exemple.fr/embed' },
      newer: 'contact',
    });
    expect(identity).toEqual(IDENTITY);
    expect(contact).toEqual(contactFromIdentity(IDENTITY));
    expect(notices).toEqual([]);
  }, 60_000);
});
