import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Database, Tx } from './database.ts';
import { PROJECT_ROOT } from '../project-root.ts';
import { StartupError } from '../startup-error.ts';
import { describeError } from '../log.ts';

export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'supabase', 'migrations');
const BOOTSTRAP = path.join(PROJECT_ROOT, 'server', 'db', 'bootstrap.sql');
const REALTIME_CAPTURE = path.join(PROJECT_ROOT, 'server', 'realtime', 'capture.sql');
/**
 * The SQL files besides the migrations that the server reads at start, relative to the project:
 * a built install keeps them next to `dist/` (the bundle does not hold them).
 */
export const STARTUP_SQL_FILES = [BOOTSTRAP, REALTIME_CAPTURE].map((file) =>
  path.relative(PROJECT_ROOT, file),
);

export interface Migration {
  version: string;
  name: string;
  file: string;
}

/** Migration files named as the Supabase CLI expects: `<version>_<name>.sql`, applied in order. */
export async function listMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  return files.map((file) => {
    const match = /^(\d+)_(.+)\.sql$/.exec(file);
    if (!match)
      throw new Error(`Nom de migration invalide : ${file} (attendu : <version>_<nom>.sql)`);
    return { version: match[1]!, name: match[2]!, file: path.join(dir, file) };
  });
}

/** Several server processes may start at once on one PostgreSQL: one migrates, the others wait. */
export const MIGRATION_LOCK = "select pg_advisory_xact_lock(hashtext('garage-site migrations'))";

/**
 * Prepares the database as hosted Supabase would have it, then applies every migration not yet
 * recorded, recording each in the same table as the Supabase CLI. All of a start's migrations run
 * in one transaction: if one fails, none is applied, and the previous version of the site still
 * runs on the database as it was. A database that records a migration this code does not know,
 * newer than its own, was made by a newer version: it is left untouched. Both refusals are
 * StartupErrors, in French, with the way back. Returns the versions applied.
 */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = await listMigrations(dir);
  let current: Migration | undefined;
  try {
    return await db.transaction(async (tx) => {
      await tx.query(MIGRATION_LOCK);
      return applyMigrations(tx, migrations, (m) => (current = m));
    });
  } catch (error) {
    if (error instanceof StartupError || !current) throw error;
    throw failedMigration(current, error);
  }
}

/**
 * Within the caller's transaction (which holds the migration lock): bootstraps the database, then
 * applies those of `migrations` not yet recorded, refusing a database that records a newer one.
 * Also the first and last steps of a restore (server/backup/restore.ts).
 */
export async function applyMigrations(
  tx: Tx,
  migrations: Migration[],
  onMigration: (migration: Migration) => void = () => undefined,
): Promise<string[]> {
  await tx.exec(await readFile(BOOTSTRAP, 'utf8'));
  const known = new Set(migrations.map((m) => m.version));
  const latestKnown = migrations.at(-1)?.version ?? '';
  const { rows } = await tx.query<{ version: string }>(
    'select version from supabase_migrations.schema_migrations',
  );
  const recorded = new Set(rows.map((r) => r.version));
  const newer = [...recorded].filter((v) => !known.has(v) && v > latestKnown).sort();
  if (newer.length > 0) throw newerDatabase(newer.at(-1)!, latestKnown);
  const applied: string[] = [];
  for (const migration of migrations) {
    if (recorded.has(migration.version)) continue;
    onMigration(migration);
    await tx.exec(await readFile(migration.file, 'utf8'));
    await tx.query(
      'insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)',
      [migration.version, migration.name],
    );
    applied.push(migration.version);
  }
  // The published tables as the migrations left them get the change-capture trigger
  // (docs/decisions/050-realtime.md).
  await tx.exec(await readFile(REALTIME_CAPTURE, 'utf8'));
  // Other processes on this database reload their schema cache, as PostgREST does.
  if (applied.length > 0) await tx.query("notify pgrst, 'reload schema'");
  return applied;
}

function newerDatabase(version: string, latestKnown: string): StartupError {
  return new StartupError(
    `La base de données a été mise à jour par une version plus récente du site (migration ` +
      `${version}, celle-ci s'arrête à ${latestKnown}) : rien n'a été modifié. Relancez la version ` +
      'récente du site, ou restaurez une sauvegarde faite avec cette version-ci (npm run restore).',
  );
}

function failedMigration(migration: Migration, error: unknown): StartupError {
  return new StartupError(
    `La mise à jour de la base de données a échoué à la migration ${migration.version}_` +
      `${migration.name} (${describeError(error)}) : aucune migration de ce démarrage n'a été ` +
      'appliquée, la base est restée telle quelle. Revenez à la version précédente du site ' +
      '(elle fonctionne sur cette base), ou restaurez la dernière sauvegarde (npm run restore).',
    { cause: error },
  );
}
