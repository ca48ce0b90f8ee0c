import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { generate } from '../../scripts/gen/index.ts';
import { loadSchemas } from '../../scripts/gen/load.ts';
import { splitUnits } from '../../scripts/gen/migration-diff.ts';
import { contentChecksMigration } from '../../scripts/gen/sql.ts';
import { DATABASE_BACKENDS } from '../helpers/postgres-db.ts';

// A check migration holds only what changed (docs/decisions/054-check-migrations-hold-differences.md):
// applied after the others, the database must hold every definition the generator writes now,
// and refuse what the changed schema refuses.

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A project copy whose « À propos » title is limited to 7,771 characters, regenerated. */
async function changedProject(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'garage-checks-'));
  for (const part of ['schemas', 'supabase/migrations', 'src/content/generated']) {
    await cp(path.join(ROOT, part), path.join(dir, part), { recursive: true });
  }
  const file = path.join(dir, 'schemas', 'about.schema.json');
  const schema = JSON.parse(await readFile(file, 'utf8'));
  schema.properties.title.maxLength = 7_771;
  await writeFile(file, JSON.stringify(schema, null, 2));
  await generate(dir, false);
  return dir;
}

describe.each(DATABASE_BACKENDS)('check migrations that hold differences (%s)', (_, open) => {
  let db: Database;
  let close: (() => Promise<void>) | undefined;
  let dir: string;
  beforeAll(async () => {
    dir = await changedProject();
    ({ db, close } = await open());
    await migrate(db, path.join(dir, 'supabase', 'migrations'));
  });
  afterAll(() => close?.());

  it('leave every function as the generator writes it now', async () => {
    const full = contentChecksMigration(await loadSchemas(dir));
    const functions = splitUnits(full).flatMap(({ key, text }) => {
      const body = /\$fn\$([\s\S]*?)\$fn\$/.exec(text);
      return body ? [{ key, body: body[1] }] : [];
    });
    expect(functions.map((f) => f.key)).toContain('private.content_problem_about');
    const { rows } = await db.transaction((tx) =>
      tx.query<{ key: string; body: string }>(
        `select n.nspname || '.' || p.proname as key, p.prosrc as body
           from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname || '.' || p.proname = any($1::text[])
          order by 1`,
        [functions.map((f) => f.key)],
      ),
    );
    expect(rows).toEqual([...functions].sort((a, b) => a.key.localeCompare(b.key)));
  });

  it('refuse what the changed schema refuses, with its French message', async () => {
    const save = (title: string) =>
      db.transaction((tx) =>
        tx.query(
          `insert into public.site_content (type, content) values ('about', $1::jsonb)
           on conflict (type) do update set content = excluded.content`,
          [JSON.stringify({ title, content: 'Un garage de quartier.' })],
        ),
      );
    await expect(save('x'.repeat(7_772))).rejects.toThrow(
      '« Titre » doit contenir au plus 7771 caractères.',
    );
    await expect(save('x'.repeat(7_771))).resolves.toBeDefined();
  });
});
