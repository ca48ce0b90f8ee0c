import { randomBytes } from 'node:crypto';
import { statSync, watch } from 'node:fs';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { openPglite } from '../db/pglite.ts';
import { createBackup } from './archive.ts';

let db: Database;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'garage-archive-'));
  db = await openPglite({});
  await migrate(db);
});

afterAll(async () => {
  await db.close();
  await rm(dir, { recursive: true, force: true });
});

describe('createBackup', () => {
  it('writes the unfinished archive readable by its owner only, as the finished one', async () => {
    const previous = process.umask(0o022);
    try {
      const backupDir = path.join(dir, 'backups');
      const filesDir = path.join(dir, 'storage');
      await mkdir(backupDir);
      await mkdir(path.join(filesDir, 'media'), { recursive: true });
      // Incompressible photos, so that the archive is written over many turns of the event loop.
      for (let i = 0; i < 4; i++)
        await writeFile(path.join(filesDir, 'media', `${i}.jpg`), randomBytes(6 * 1024 * 1024));

      const modes: number[] = [];
      const watcher = watch(backupDir, (_event, name) => {
        if (!name?.endsWith('.partial')) return;
        try {
          modes.push(statSync(path.join(backupDir, name)).mode & 0o777);
        } catch {
          // Already renamed: nothing to see.
        }
      });
      try {
        const { file } = await createBackup(db, { backupDir, jwtSecret: 'x'.repeat(40), filesDir });
        expect(modes.length).toBeGreaterThan(0);
        expect(modes.every((mode) => mode === 0o600)).toBe(true);
        expect((await stat(file)).mode & 0o777).toBe(0o600);
      } finally {
        watcher.close();
      }
    } finally {
      process.umask(previous);
    }
  });
});
