import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from './database.ts';
import { PROJECT_ROOT } from '../project-root.ts';

export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'supabase', 'migrations');
const BOOTSTRAP = path.join(PROJECT_ROOT, 'server', 'db', 'bootstrap.sql');

interface Migration {
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

/**
 * Prepares the database as hosted Supabase would have it, then applies each migration not yet
 * recorded, each in its own transaction, recording it in the same table as the Supabase CLI.
 * Returns the versions applied.
 */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec(await readFile(BOOTSTRAP, 'utf8'));
  const applied: string[] = [];
  for (const migration of await listMigrations(dir)) {
    const sql = await readFile(migration.file, 'utf8');
    const done = await db.transaction(async (tx) => {
      const { rows } = await tx.query(
        'select 1 from supabase_migrations.schema_migrations where version = $1',
        [migration.version],
      );
      if (rows.length > 0) return false;
      await tx.exec(sql);
      await tx.query(
        'insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)',
        [migration.version, migration.name],
      );
      return true;
    });
    if (done) applied.push(migration.version);
  }
  return applied;
}
