import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { generate } from './index.ts';
import { splitUnits } from './migration-diff.ts';
import { typesModule } from './types.ts';

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
    expect(written).toContainEqual(expect.stringMatching(/_content_checks\.sql$/));
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

  it('refuses a keyword the database check does not enforce, naming it and the file', async () => {
    const dir = await projectCopy();
    await editSchema(dir, 'about', (schema) => {
      schema.properties.title.contains = { const: 'x' };
    });
    await expect(generate(dir, true)).rejects.toThrow(
      /schemas\/about\.schema\.json : mot-clé non pris en charge .*« contains » \(en \/properties\/title\)/,
    );
  });

  it('refuses a pattern it cannot translate for the database, naming the file', async () => {
    const dir = await projectCopy();
    await editSchema(dir, 'hero', (schema) => {
      schema.properties.heading.pattern = '(?<=a)b';
    });
    await expect(generate(dir, true)).rejects.toThrow(/schemas\/hero\.schema\.json : .*\(\?</);
  });

  it('ignores annotations (x- keywords, descriptions) in the check and the validators', async () => {
    const dir = await projectCopy();
    await editSchema(dir, 'hero', (schema) => {
      schema['x-note'] = { text: 'Le bandeau du haut de page.' };
      schema.properties.heading['x-widget'] = { rows: 2 };
    });
    // Only the admin form declarations, which carry the schema as written, change.
    expect(await generate(dir, true)).toEqual(['src/content/generated/forms.ts']);
    await editSchema(dir, 'hero', (schema) => {
      schema.properties.heading.description = 'Le grand titre.';
      schema.properties.heading.examples = ['Garage Martin'];
      schema.properties.heading.$comment = 'Pour les développeurs.';
    });
    const stale = await generate(dir, true);
    expect(stale).toContain('src/content/generated/forms.ts');
    expect(stale.filter((file) => file.includes('migrations'))).toEqual([]);
  });
});

describe('the generated types', () => {
  it('make a list with maxItems an array, not a union of fixed-length tuples', async () => {
    // See docs/decisions/055-lists-are-arrays.md: code that adds an item to such a list compiles.
    const ts = await typesModule([
      {
        name: 'tiny',
        kind: 'content',
        ui: {},
        schema: {
          $id: 'tiny',
          type: 'object',
          additionalProperties: false,
          required: ['tags', 'slots'],
          properties: {
            tags: { type: 'array', maxItems: 3, items: { type: 'string' } },
            slots: {
              type: 'array',
              minItems: 2,
              maxItems: 2,
              items: {
                type: 'object',
                additionalProperties: false,
                required: ['day'],
                properties: { day: { type: 'string' } },
              },
            },
          },
        },
      },
    ]);
    // Comments (which keep the bounds as @maxItems) aside, whitespace as one space.
    const code = ts.replace(/\/\*\*[\s\S]*?\*\//g, '').replace(/\s+/g, ' ');
    expect(code).toContain('tags: string[]');
    expect(code).toContain('slots: { day: string }[]');
    // No tuple anywhere: `[] | [string] | …` or `[{ day: string }, { day: string }]`.
    expect(code).not.toMatch(/\[\s*\]\s*\||\[\s*(string|\{)/);
  });
});

describe('the check migration', () => {
  function git(dir: string, ...args: string[]): void {
    const run = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], {
      cwd: dir,
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(run.stderr);
  }
  function commitAll(dir: string): void {
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'change');
  }
  /** A project copy in its own git repository, everything committed. */
  async function committedCopy(): Promise<string> {
    const dir = await projectCopy();
    git(dir, 'init', '-q');
    commitAll(dir);
    return dir;
  }
  const checkMigrations = async (dir: string) =>
    (await readdir(path.join(dir, 'supabase/migrations')))
      .filter((f) => f.endsWith('_content_checks.sql'))
      .sort();

  it('one schema change gives one new migration, replaced while it is not committed', async () => {
    const dir = await committedCopy();
    const before = await checkMigrations(dir);

    await editSchema(dir, 'about', (schema) => {
      schema.properties.title.maxLength = 7_771;
    });
    await generate(dir, false);
    const first = await checkMigrations(dir);
    expect(first.slice(0, -1)).toEqual(before);
    expect(await generate(dir, false)).toEqual([]);
    expect(await checkMigrations(dir)).toEqual(first);

    // Regenerating after another tweak replaces the uncommitted migration rather than adding one.
    await editSchema(dir, 'about', (schema) => {
      schema.properties.title.maxLength = 7_772;
    });
    const written = await generate(dir, false);
    expect(written).toContainEqual(
      expect.stringMatching(new RegExp(`_content_checks\\.sql \\(remplace ${first.at(-1)}\\)$`)),
    );
    const second = await checkMigrations(dir);
    expect(second.slice(0, -1)).toEqual(before);
    expect(second.at(-1)! > first.at(-1)!).toBe(true);
    const text = await readFile(path.join(dir, 'supabase/migrations', second.at(-1)!), 'utf8');
    expect(text).toContain('> 7772 then');
    expect(text).not.toContain('> 7771 then');
    expect(await generate(dir, true)).toEqual([]);

    // Back to the committed schema: the uncommitted migration goes.
    await editSchema(dir, 'about', (schema) => {
      delete schema.properties.title.maxLength;
    });
    await generate(dir, false);
    expect(await checkMigrations(dir)).toEqual(before);
    expect(await generate(dir, true)).toEqual([]);
  });

  it('never replaces a committed migration', async () => {
    const dir = await committedCopy();
    const before = await checkMigrations(dir);
    await editSchema(dir, 'about', (schema) => {
      schema.properties.title.maxLength = 80;
    });
    await generate(dir, false);
    commitAll(dir);
    const committed = await checkMigrations(dir);

    await editSchema(dir, 'about', (schema) => {
      schema.properties.title.maxLength = 90;
    });
    await generate(dir, false);
    const after = await checkMigrations(dir);
    expect(after).toHaveLength(before.length + 2);
    expect(after.slice(0, -1)).toEqual(committed);
  });
});

describe('what a check migration holds', () => {
  const migrationsOf = async (dir: string) =>
    (await readdir(path.join(dir, 'supabase/migrations')))
      .filter((f) => f.endsWith('_content_checks.sql'))
      .sort();
  const newest = async (dir: string) =>
    readFile(path.join(dir, 'supabase/migrations', (await migrationsOf(dir)).at(-1)!), 'utf8');

  it('only the check functions that changed, and the dispatcher', async () => {
    const dir = await projectCopy();
    const before = await migrationsOf(dir);
    await editSchema(dir, 'about', (schema) => {
      schema.properties.title.maxLength = 7_771;
    });
    await editSchema(dir, 'hero', (schema) => {
      schema.properties.heading.maxLength = 7_772;
    });
    await generate(dir, false);
    expect((await migrationsOf(dir)).slice(0, -1)).toEqual(before);
    const text = await newest(dir);
    expect(splitUnits(text).map((u) => u.key)).toEqual([
      'private.content_problem_about',
      'private.content_problem_hero',
      'private.site_content_problem',
    ]);
    expect(text).toContain('> 7771 then');
    expect(text).toContain('> 7772 then');
    expect(await generate(dir, true)).toEqual([]);
  });

  it('a form kept in a table: its check function alone, and the dispatcher', async () => {
    const dir = await projectCopy();
    const file = path.join(dir, 'schemas', 'forms', 'blog-post.schema.json');
    const schema = JSON.parse(await readFile(file, 'utf8'));
    schema.properties.title.maxLength = 7_773;
    await writeFile(file, JSON.stringify(schema));
    await generate(dir, false);
    const keys = splitUnits(await newest(dir)).map((u) => u.key);
    expect(keys).toEqual(['private.form_problem_blog_post', 'private.site_content_problem']);
  });

  it('a new type: its function, the dispatcher and the list of known types; a removed one is dropped', async () => {
    const dir = await projectCopy();
    const about = JSON.parse(
      await readFile(path.join(dir, 'schemas', 'about.schema.json'), 'utf8'),
    );
    const added = path.join(dir, 'schemas', 'testimonials-two.schema.json');
    await writeFile(
      added,
      JSON.stringify({
        ...about,
        $id: 'testimonials-two',
        'x-section': { anchor: 'avis2', label: 'Avis 2', title: 'Avis 2', adminPath: 'avis2' },
      }),
    );
    await generate(dir, false);
    expect(splitUnits(await newest(dir)).map((u) => u.key)).toEqual([
      'private.content_problem_testimonials_two',
      'private.site_content_problem',
      'site_content_type_known',
    ]);

    await rm(added);
    await generate(dir, false);
    const text = await newest(dir);
    expect(splitUnits(text).map((u) => u.key)).toEqual([
      'private.site_content_problem',
      'site_content_type_known',
      'private.content_problem_testimonials_two',
    ]);
    expect(text).toContain(
      'drop function if exists private.content_problem_testimonials_two(jsonb);',
    );
    expect(await generate(dir, true)).toEqual([]);
  });
});

type EditableSchema = Record<string, unknown> & {
  properties: Record<'title' | 'heading', Record<string, unknown>>;
};

async function editSchema(
  dir: string,
  name: string,
  edit: (schema: EditableSchema) => void,
): Promise<void> {
  const file = path.join(dir, 'schemas', `${name}.schema.json`);
  const schema = JSON.parse(await readFile(file, 'utf8')) as EditableSchema;
  edit(schema);
  await writeFile(file, JSON.stringify(schema, null, 2));
}
