import { copyFile, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, MIGRATIONS_DIR } from '../../server/db/migrate.ts';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import { sql } from '../helpers/fixtures.ts';
import { DATABASE_BACKENDS, type OpenedDatabase } from '../helpers/postgres-db.ts';

// A site from before the legal items moved into the identity (docs/decisions/060-legal-items-from-identity.md):
// upgrading moves the director of publication and the host into the identity, drops the shipped
// examples, and turns the pages' shipped texts into the new ones, on PGlite and PostgreSQL.

/** The first migration of this change: the sites upgraded stop just before it. */
const LEGAL_ITEMS = '20261127200000';

const OLD_DIRECTOR = 'Le gérant de {{nom}}';
const OLD_HOST = "Le nom, l'adresse et le téléphone de votre hébergeur.";
const OLD_MENTIONS =
  '## Éditeur du site\n\nLe site est édité par **{{nom}}**, {{forme_juridique}}, SIRET {{siret}}.\n\n- Adresse : {{adresse}}\n- Téléphone : {{telephone}}\n- E-mail : {{email}}\n\n## Directeur de la publication\n\n{{directeur}}\n\n## Hébergeur\n\n{{hebergeur}}\n\n## Propriété intellectuelle\n\nLes textes et images de ce site appartiennent à {{nom}} ou à leurs auteurs. Toute reproduction sans autorisation est interdite.\n\n## Contact\n\nPour toute question sur ce site, écrivez à {{email}} ou appelez le {{telephone}}.';

let previousDir: string | undefined;
async function previousMigrations(): Promise<string> {
  if (previousDir) return previousDir;
  const dir = await mkdtemp(path.join(tmpdir(), 'garage-legal-items-'));
  await mkdir(path.join(dir, 'migrations'));
  for (const file of await readdir(MIGRATIONS_DIR)) {
    if (file.split('_')[0]! < LEGAL_ITEMS) {
      await copyFile(path.join(MIGRATIONS_DIR, file), path.join(dir, 'migrations', file));
    }
  }
  previousDir = path.join(dir, 'migrations');
  return previousDir;
}
afterAll(async () => {
  if (previousDir) await rm(path.dirname(previousDir), { recursive: true, force: true });
});

/** The rows a site of the previous version held, upgraded; then the content by type. */
async function upgrade(
  open: () => Promise<OpenedDatabase>,
  rows: Record<string, unknown>,
): Promise<Record<string, Record<string, unknown>>> {
  const { db, close } = await open();
  try {
    await migrate(db, await previousMigrations());
    for (const [type, content] of Object.entries(rows)) {
      // That release's identity had no partner slideshow address: a later migration adds it.
      const { vehiclesSlideshowUrl: _, ...previous } = content as Record<string, unknown>;
      await sql(db, 'insert into public.site_content (type, content) values ($1, $2::jsonb)', [
        type,
        JSON.stringify(type === 'identity' ? previous : content),
      ]);
    }
    await migrate(db);
    const stored = await sql<{ type: string; content: string }>(
      db,
      `select type, content::text as content from public.site_content
        where type in ('identity', 'legal')`,
    );
    return Object.fromEntries(stored.map((r) => [r.type, JSON.parse(r.content) as never]));
  } finally {
    await close();
  }
}

const OLD_LEGAL = {
  director: OLD_DIRECTOR,
  host: OLD_HOST,
  mentions: OLD_MENTIONS,
  privacy: 'Notre politique, écrite par nous.',
};

describe.each(DATABASE_BACKENDS)(
  'moving the legal items into the identity on %s',
  (_name, open) => {
    it('drops the shipped examples and replaces the shipped text, keeping the owner’s', async () => {
      const after = await upgrade(open, {
        identity: DEFAULT_CONTENT.identity,
        legal: OLD_LEGAL,
      });
      expect(after.identity).toEqual(DEFAULT_CONTENT.identity);
      expect(after.legal).toEqual({
        mentions: DEFAULT_CONTENT.legal.mentions,
        privacy: 'Notre politique, écrite par nous.',
      });
      expect(JSON.stringify(after)).not.toContain('{{');
    });

    it('moves the director, filled, and splits the host into name, address and phone', async () => {
      const identity = { ...DEFAULT_CONTENT.identity, name: 'Garage Martin' };
      const after = await upgrade(open, {
        identity,
        legal: {
          ...OLD_LEGAL,
          director: 'Jeanne Martin, gérante de {{nom}}',
          host: 'OVH SAS\n2 rue Kellermann\n59100 Roubaix\n09 72 10 10 07\n',
          mentions: 'Nos mentions.',
        },
      });
      expect(after.identity).toEqual({
        ...identity,
        director: 'Jeanne Martin, gérante de Garage Martin',
        host: {
          name: 'OVH SAS',
          address: '2 rue Kellermann, 59100 Roubaix',
          phone: '09 72 10 10 07',
        },
      });
      expect(after.legal).toEqual({ mentions: 'Nos mentions.', privacy: OLD_LEGAL.privacy });
    });

    it('splits a host on one line by its commas, and keeps what it cannot split as the name', async () => {
      const split = await upgrade(open, {
        identity: DEFAULT_CONTENT.identity,
        legal: {
          ...OLD_LEGAL,
          host: 'Hetzner, Industriestr. 25, 91710 Gunzenhausen, +49 9831 505-0',
        },
      });
      expect(split.identity!.host).toEqual({
        name: 'Hetzner',
        address: 'Industriestr. 25, 91710 Gunzenhausen',
        phone: '+49 9831 505-0',
      });
      // No identity row yet (never saved): it is created from the defaults the site showed.
      const unsplit = await upgrade(open, {
        legal: { ...OLD_LEGAL, director: 'Paul Roux', host: 'Mon agence web' },
      });
      expect(unsplit.identity).toEqual({
        ...DEFAULT_CONTENT.identity,
        director: 'Paul Roux',
        host: { name: 'Mon agence web' },
      });
    });

    it('keeps a director and a host the identity already holds', async () => {
      const identity = {
        ...DEFAULT_CONTENT.identity,
        director: 'Claire Durand',
        host: { name: 'Scaleway' },
      };
      const after = await upgrade(open, {
        identity,
        legal: { ...OLD_LEGAL, director: 'Paul Roux', host: 'OVH\nRoubaix\n09 72 10 10 07' },
      });
      expect(after.identity).toEqual(identity);
    });
  },
);
