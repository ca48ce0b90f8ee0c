import { copyFile, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, MIGRATIONS_DIR } from '../../server/db/migrate.ts';
import { openPglite } from '../../server/db/pglite.ts';
import type { Database } from '../../server/db/database.ts';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import { sql } from '../helpers/fixtures.ts';

// A site seeded before the services carousel's default alternative texts described their
// pictures: upgrading replaces the shipped texts still on their shipped pictures, and keeps
// everything the owner wrote or changed.

const CAROUSEL_ALT_TEXTS = '20261127140000';

const before = [
  {
    image: '/images/service-entretien.svg',
    alt: "Mécanicien effectuant l'entretien d'un moteur",
  },
  { image: '/images/service-freins.svg', alt: 'Nos freins, changés dans la journée' },
  // The owner changed the picture and kept the shipped text: it is theirs now.
  { image: '/images/service-pneus.svg', alt: 'Diagnostic électronique sur valise' },
  { image: '/images/service-diagnostic.svg', alt: 'Diagnostic électronique sur valise' },
];

let root: string;
let db: Database;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'garage-carousel-'));
  const previous = path.join(root, 'migrations');
  await mkdir(previous);
  for (const file of await readdir(MIGRATIONS_DIR)) {
    if (file.split('_')[0]! < CAROUSEL_ALT_TEXTS)
      await copyFile(path.join(MIGRATIONS_DIR, file), path.join(previous, file));
  }
  db = await openPglite({ dataDir: path.join(root, 'data') });
  await migrate(db, previous);
  await sql(db, `insert into public.site_content (type, content) values ('services', $1::jsonb)`, [
    JSON.stringify({ ...DEFAULT_CONTENT.services, carouselImages: before }),
  ]);
  await migrate(db);
});
afterAll(async () => {
  await db.close();
  await rm(root, { recursive: true, force: true });
});

describe('upgrading the stored services carousel', () => {
  it('describes the shipped pictures still carrying the shipped texts, and keeps the rest', async () => {
    const [row] = await sql<{ content: string }>(
      db,
      `select content::text as content from public.site_content where type = 'services'`,
    );
    const shipped = DEFAULT_CONTENT.services.carouselImages;
    expect(JSON.parse(row!.content)).toEqual({
      ...DEFAULT_CONTENT.services,
      carouselImages: [
        shipped.find((slide) => slide.image === '/images/service-entretien.svg'),
        before[1],
        before[2],
        shipped.find((slide) => slide.image === '/images/service-diagnostic.svg'),
      ],
    });
  });
});
