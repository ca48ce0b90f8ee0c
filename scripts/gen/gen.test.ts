import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { generate } from './index.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A copy of what the generator reads and writes, to change without touching the project. */
async function projectCopy(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'garage-gen-'));
  for (const part of ['schemas', 'supabase/migrations', 'src/content/generated']) {
    await cp(path.join(ROOT, part), path.join(dir, part), { recursive: true });
  }
  return dir;
}

describe('npm run gen -- --check', () => {
  it('finds the checked-in generated files up to date', async () => {
    expect(await generate(await projectCopy(), true)).toEqual([]);
  });

  it('fails on a stale generated file after a schema change, and gen brings it up to date', async () => {
    const dir = await projectCopy();
    const file = path.join(dir, 'schemas', 'about.schema.json');
    const schema = JSON.parse(await readFile(file, 'utf8'));
    schema.properties.title.maxLength = 80;
    await writeFile(file, JSON.stringify(schema));

    const cli = spawnSync(
      'npx',
      ['tsx', path.join(ROOT, 'scripts/gen/index.ts'), '--check', '--root', dir],
      {
        encoding: 'utf8',
      },
    );
    expect(cli.status).toBe(1);
    expect(cli.stderr).toContain('Fichiers générés périmés');
    expect(cli.stderr).toContain('src/content/generated/validators.js');
    expect(cli.stderr).toContain('_content_checks.sql');

    const written = await generate(dir, false);
    expect(written).toContainEqual(expect.stringMatching(/_content_checks\.sql \(remplace /));
    expect(await generate(dir, true)).toEqual([]);
  });

  it('refuses a schema whose default breaks its own rules', async () => {
    const dir = await projectCopy();
    const file = path.join(dir, 'schemas', 'pricing.schema.json');
    const schema = JSON.parse(await readFile(file, 'utf8'));
    schema.default.t1 = '';
    await writeFile(file, JSON.stringify(schema));
    await expect(generate(dir, true)).rejects.toThrow(
      /pricing : la valeur par défaut est invalide/,
    );
  });

  it('writes the section types of the schemas, and refuses two that share an anchor', async () => {
    const dir = await projectCopy();
    const about = JSON.parse(
      await readFile(path.join(dir, 'schemas', 'about.schema.json'), 'utf8'),
    );
    const testimonials = {
      ...about,
      $id: 'testimonials',
      'x-section': { anchor: 'avis', label: 'Avis', title: 'Avis clients', adminPath: 'avis' },
    };
    const file = path.join(dir, 'schemas', 'testimonials.schema.json');
    await writeFile(file, JSON.stringify(testimonials));
    await generate(dir, false);
    const generated = await readFile(path.join(dir, 'src/content/generated/sections.ts'), 'utf8');
    expect(generated).toContain(
      '"testimonials": {"anchor": "avis", "label": "Avis", "title": "Avis clients", "adminPath": "avis"}',
    );

    testimonials['x-section'].anchor = 'propos';
    await writeFile(file, JSON.stringify(testimonials));
    await expect(generate(dir, true)).rejects.toThrow(
      /testimonials et about : même « anchor » \(« propos »\)/,
    );
  });
});
