import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { chmod, cp, mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import * as tar from 'tar';
import type { Database } from '../db/database.ts';
import { backupTables, type BackupTable } from './catalog.ts';
import { dumpTable } from './dump.ts';

export const BACKUP_FORMAT = 1;

/** Where uploaded files live in the data directory; in a backup they are under `files/`. */
export const FILES_DIR = 'storage';
/** Folders of FILES_DIR left out of backups: the image variants' cache and unfinished uploads. */
const SKIPPED_FILES = new Set(['.render', '.tmp']);

export interface ManifestTable {
  schema: string;
  name: string;
  rows: number;
  sha256: string;
}

/** What a backup holds, written as manifest.json at its root. */
export interface Manifest {
  format: number;
  createdAt: string;
  backend: 'pglite' | 'postgres';
  /** The migrations applied, in order: the schema the rows belong to. */
  migrations: string[];
  /** Parents before children: the order a restore inserts them in. */
  tables: ManifestTable[];
  /** Whether the JWT secret is in the archive (`jwt-secret`). */
  jwtSecret: boolean;
  /** Whether uploaded files are in the archive (`files/`). */
  files: boolean;
}

export const tableFile = (t: { schema: string; name: string }) =>
  path.join('tables', `${t.schema}.${t.name}.jsonl`);

/** garage-2026-11-23T033000Z.tar.gz: sorts by time, never the same twice in a second. */
export function backupName(at: Date): string {
  const iso = at.toISOString();
  return `garage-${iso.slice(0, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z.tar.gz`;
}

/** The moment a backup's name says it was made, or undefined for another file. */
export function backupTime(name: string): Date | undefined {
  const match = /^garage-(\d{4}-\d{2}-\d{2})T(\d{2})(\d{2})(\d{2})Z\.tar\.gz$/.exec(name);
  return match ? new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}Z`) : undefined;
}

/**
 * Writes every table of the site, as it was at one instant, into a staging folder: one snapshot
 * (REPEATABLE READ on PostgreSQL; PGlite runs one transaction at a time), read in batches.
 */
async function dumpAll(
  db: Database,
  staging: string,
): Promise<Pick<Manifest, 'migrations' | 'tables'>> {
  await mkdir(path.join(staging, 'tables'));
  return db.transaction(async (tx) => {
    await tx.query('set transaction isolation level repeatable read, read only');
    await tx.query("set local timezone = 'UTC'");
    const tables: BackupTable[] = await backupTables(tx);
    const written: ManifestTable[] = [];
    for (const table of tables) {
      const out = createWriteStream(path.join(staging, tableFile(table)), { mode: 0o600 });
      const hash = createHash('sha256');
      const rows = await dumpTable(tx, table, async (line) => {
        hash.update(line).update('\n');
        if (!out.write(line + '\n')) await once(out, 'drain');
      });
      out.end();
      await once(out, 'close');
      written.push({ schema: table.schema, name: table.name, rows, sha256: hash.digest('hex') });
    }
    const { rows } = await tx.query<{ version: string }>(
      'select version from supabase_migrations.schema_migrations order by version',
    );
    return { migrations: rows.map((r) => r.version), tables: written };
  });
}

export interface BackupOptions {
  backupDir: string;
  /** The JWT secret, so that a restored site keeps its keys and sessions valid. */
  jwtSecret: string;
  /** Where uploaded files live, when there are any. */
  filesDir?: string | undefined;
  now?: Date;
}

/**
 * One consistent, compressed backup of the site in `backupDir` (readable by its owner only),
 * written under a temporary name and renamed once complete: a backup that is there is whole.
 * Returns its path and size.
 */
export async function createBackup(
  db: Database,
  options: BackupOptions,
): Promise<{ file: string; bytes: number; manifest: Manifest }> {
  await mkdir(options.backupDir, { recursive: true, mode: 0o700 });
  const staging = await mkdtemp(path.join(options.backupDir, '.staging-'));
  try {
    const createdAt = options.now ?? new Date();
    const dumped = await dumpAll(db, staging);
    await writeFile(path.join(staging, 'jwt-secret'), options.jwtSecret + '\n', { mode: 0o600 });
    const files = options.filesDir
      ? await stat(options.filesDir).then(
          (s) => s.isDirectory(),
          () => false,
        )
      : false;
    if (files)
      await cp(options.filesDir!, path.join(staging, 'files'), {
        recursive: true,
        // Image variants are made again on demand, and files being uploaded are not yet objects
        // (docs/decisions/023-media-storage.md).
        filter: (source) => !SKIPPED_FILES.has(path.relative(options.filesDir!, source)),
      });
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      createdAt: createdAt.toISOString(),
      backend: db.kind,
      ...dumped,
      jwtSecret: true,
      files,
    };
    await writeFile(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2));
    const file = path.join(options.backupDir, backupName(createdAt));
    const partial = `${file}.partial`;
    // Created readable by its owner only from its first byte (a leftover of a crashed run could
    // carry other rights: it goes first), as the accounts and the JWT secret are in it.
    await rm(partial, { force: true });
    await tar.create(
      { gzip: true, file: partial, mode: 0o600, cwd: staging, portable: true },
      await readdir(staging),
    );
    await chmod(partial, 0o600);
    await rename(partial, file);
    return { file, bytes: (await stat(file)).size, manifest };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
