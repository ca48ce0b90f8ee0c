import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import * as tar from 'tar';
import type { Database, Tx } from '../db/database.ts';
import { applyMigrations, listMigrations, MIGRATION_LOCK } from '../db/migrate.ts';
import { openPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';
import { lockDataDir } from '../db/data-dir-lock.ts';
import { tightenDataDir } from '../db/data-dir-permissions.ts';
import { StartupError } from '../startup-error.ts';
import {
  BACKUP_FORMAT,
  FILES_DIR,
  tableFile,
  type Manifest,
  type ManifestTable,
} from './archive.ts';
import { BACKED_UP_SCHEMAS, backupTables, type BackupTable } from './catalog.ts';
import { dumpTable } from './dump.ts';

const BATCH = 2_000;

/** A restore that cannot go on, in French, with what to do. */
export class RestoreError extends StartupError {}

export type RestoreTarget = { kind: 'pglite' } | { kind: 'postgres'; url: string };

export interface RestoreOptions {
  target: RestoreTarget;
  /** The data directory: the database on PGlite; the JWT secret and uploaded files always. */
  dataDir: string;
  /** Replace a site that already holds data. */
  force: boolean;
  /** Write the backup's JWT secret into the data directory (not when JWT_SECRET is given). */
  restoreSecret: boolean;
}

async function extract(file: string): Promise<{ dir: string; manifest: Manifest }> {
  if (!existsSync(file)) throw new RestoreError(`Sauvegarde introuvable : ${file}.`);
  const dir = await mkdtemp(path.join(tmpdir(), 'garage-restauration-'));
  try {
    // Synchronous: a damaged archive fails here, with nothing still being written behind it.
    tar.extract({ file, cwd: dir, strict: true, sync: true });
    const manifest = JSON.parse(
      await readFile(path.join(dir, 'manifest.json'), 'utf8'),
    ) as Manifest;
    if (manifest.format !== BACKUP_FORMAT)
      throw new RestoreError(`${file} n'est pas une sauvegarde de ce site (format inconnu).`);
    return { dir, manifest };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    if (error instanceof RestoreError) throw error;
    throw new RestoreError(
      `${file} est illisible ou incomplet (${(error as Error).message}) : prenez une autre sauvegarde.`,
    );
  }
}

/** Inserts a table's lines, a batch at a time (its triggers are off: the rows are as they were). */
async function loadTable(tx: Tx, table: BackupTable, file: string): Promise<void> {
  const columns = table.columns.join(', ');
  const overriding = table.identityAlways ? 'overriding system value' : '';
  const insert = async (lines: string[]) =>
    tx.query(
      `insert into ${table.qualified} (${columns}) ${overriding}
       select ${columns} from jsonb_populate_recordset(null::${table.qualified}, $1::jsonb)`,
      [`[${lines.join(',')}]`],
    );
  let batch: string[] = [];
  for await (const line of createInterface({
    input: createReadStream(file),
    crlfDelay: Infinity,
  })) {
    if (line === '') continue;
    batch.push(line);
    if (batch.length >= BATCH) {
      await insert(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await insert(batch);
  // Sequences go on from the highest value restored.
  const { rows } = await tx.query<{ seq: string | null; col: string }>(
    `select pg_get_serial_sequence($1, a.attname) as seq, quote_ident(a.attname) as col
       from pg_attribute a where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped`,
    [table.qualified],
  );
  for (const { seq, col } of rows.filter((r) => r.seq)) {
    await tx.query(
      `select setval($1, coalesce((select max(${col}) from ${table.qualified}), 1),
                     (select max(${col}) from ${table.qualified}) is not null)`,
      [seq],
    );
  }
}

async function checksum(tx: Tx, table: BackupTable): Promise<ManifestTable> {
  const hash = createHash('sha256');
  const rows = await dumpTable(tx, table, (line) => void hash.update(line).update('\n'));
  return { schema: table.schema, name: table.name, rows, sha256: hash.digest('hex') };
}

/**
 * In one transaction: the schema as the backup had it (its migrations), every table emptied then
 * filled from the backup, checked row for row against the backup's checksums, then this
 * version's newer migrations. Any failure rolls all of it back.
 */
async function restoreInto(db: Database, dir: string, manifest: Manifest, reset: boolean) {
  const all = await listMigrations();
  const byVersion = new Map(all.map((m) => [m.version, m]));
  const unknown = manifest.migrations.filter((v) => !byVersion.has(v));
  if (unknown.length > 0)
    throw new RestoreError(
      `Cette sauvegarde vient d'une version plus récente du site (migration ${unknown.at(-1)}) : ` +
        'restaurez-la avec cette version-là, puis revenez à celle-ci si besoin.',
    );
  await db.transaction(async (tx) => {
    await tx.query(MIGRATION_LOCK);
    await tx.query("set local timezone = 'UTC'");
    if (reset) {
      await tx.exec(
        `drop schema if exists ${[...BACKED_UP_SCHEMAS, 'garage_server'].join(', ')} cascade;
         create schema public;
         grant usage on schema public to anon, authenticated, service_role;`,
      );
    }
    await applyMigrations(
      tx,
      manifest.migrations.map((v) => byVersion.get(v)!),
    );
    const tables = new Map((await backupTables(tx)).map((t) => [`${t.schema}.${t.name}`, t]));
    const listed = manifest.tables.map((t) => {
      const table = tables.get(`${t.schema}.${t.name}`);
      if (!table) throw new RestoreError(`Table ${t.schema}.${t.name} absente du schéma restauré.`);
      return table;
    });
    // The tables' own triggers (slugs, dates, daily counts) stay off while they are refilled.
    const every = [...tables.values()];
    for (const table of every)
      await tx.query(`alter table ${table.qualified} disable trigger user`);
    await tx.query(`truncate ${every.map((t) => t.qualified).join(', ')} restart identity cascade`);
    for (const table of listed) await loadTable(tx, table, path.join(dir, tableFile(table)));
    for (const table of every) await tx.query(`alter table ${table.qualified} enable trigger user`);
    for (const [i, table] of listed.entries()) {
      const restored = await checksum(tx, table);
      const expected = manifest.tables[i]!;
      if (restored.rows !== expected.rows || restored.sha256 !== expected.sha256)
        throw new RestoreError(
          `Restauration abandonnée : ${table.schema}.${table.name} ne correspond pas à la sauvegarde ` +
            `(${restored.rows} lignes au lieu de ${expected.rows}). Rien n'a été modifié.`,
        );
    }
    await applyMigrations(tx, all);
  });
}

async function placeSecretAndFiles(
  dir: string,
  manifest: Manifest,
  into: string,
  options: RestoreOptions,
) {
  if (options.restoreSecret && manifest.jwtSecret)
    await writeFile(path.join(into, 'jwt-secret'), await readFile(path.join(dir, 'jwt-secret')), {
      mode: 0o600,
    });
  if (manifest.files) {
    await rm(path.join(into, FILES_DIR), { recursive: true, force: true });
    await cp(path.join(dir, 'files'), path.join(into, FILES_DIR), { recursive: true });
  }
}

const holdsPgliteData = (dataDir: string) => existsSync(path.join(dataDir, 'PG_VERSION'));

async function holdsPostgresData(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ n: number }>(
      `select count(*)::int as n from pg_tables
        where schemaname in ('public', 'auth', 'supabase_migrations')`,
    );
    return (rows[0]?.n ?? 0) > 0;
  });
}

const alreadyHolds = (where: string) =>
  new RestoreError(
    `${where} contient déjà un site : rien n'a été modifié. Pour le remplacer par la sauvegarde, ` +
      'relancez avec --force (faites d’abord une sauvegarde de l’état actuel : npm run backup).',
  );

/**
 * Brings a stopped site back to the state of a backup. On PGlite the database is rebuilt beside the
 * data directory and swapped in only once complete and checked; on PostgreSQL everything happens
 * in one transaction. Either way a failure leaves the site as it was.
 */
export async function restoreBackup(file: string, options: RestoreOptions): Promise<Manifest> {
  const { dir, manifest } = await extract(file);
  try {
    if (options.target.kind === 'postgres') {
      const db = await openPostgres(options.target.url);
      try {
        const holds = await holdsPostgresData(db);
        if (holds && !options.force) throw alreadyHolds('La base de DATABASE_URL');
        await restoreInto(db, dir, manifest, holds);
      } finally {
        await db.close();
      }
      await placeSecretAndFiles(dir, manifest, options.dataDir, options);
      tightenDataDir(options.dataDir);
      return manifest;
    }
    // The data directory stays locked, so that no server opens it meanwhile.
    const release = lockDataDir(options.dataDir);
    const building = `${options.dataDir}.restauration-${process.pid}`;
    try {
      if (holdsPgliteData(options.dataDir) && !options.force)
        throw alreadyHolds(`Le dossier ${options.dataDir}`);
      await rm(building, { recursive: true, force: true });
      const db = await openPglite({ dataDir: building });
      try {
        await restoreInto(db, dir, manifest, false);
      } finally {
        await db.close();
      }
      await placeSecretAndFiles(dir, manifest, building, options);
      if (!options.restoreSecret && existsSync(path.join(options.dataDir, 'jwt-secret')))
        await cp(path.join(options.dataDir, 'jwt-secret'), path.join(building, 'jwt-secret'));
      tightenDataDir(building);
      const previous = `${options.dataDir}.avant-restauration-${Date.now()}`;
      await rename(options.dataDir, previous);
      await rename(building, options.dataDir);
      await rm(previous, { recursive: true, force: true });
      return manifest;
    } catch (error) {
      await rm(building, { recursive: true, force: true });
      throw error;
    } finally {
      release();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
