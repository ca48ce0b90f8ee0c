// @vitest-environment happy-dom
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { generate } from '../../../scripts/gen/index.ts';
import type { CompiledValidator } from '../../content/generated/validators.js';
import { ContentEditor } from './content-editor.tsx';
import { createContentValidator } from './content-validator.ts';
import { click, description, field, render, typeInto, unmount } from './dom-test-utils.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** A content type that exists only in this test: one schema file, nothing else. */
const THROWAWAY = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'throwaway',
  title: 'Section jetable',
  type: 'object',
  additionalProperties: false,
  required: ['slogan', 'email'],
  properties: {
    slogan: { type: 'string', title: 'Slogan', minLength: 1, pattern: '\\S' },
    email: { type: 'string', title: 'Adresse de contact', minLength: 1, format: 'email' },
    note: { type: 'string', title: 'Note interne', description: 'Jamais affichée.' },
  },
  default: { slogan: 'Toujours là', email: 'atelier@garage.fr' },
};

let dir: string;
let forms: Record<string, { schema: RJSFSchema; uiSchema: UiSchema }>;
let validators: Record<string, CompiledValidator>;

beforeAll(async () => {
  // A copy of what the generator reads and writes, plus the new schema.
  // Inside the project (.tmp/ is ignored): vitest's browser-like transform serves files under its root.
  await mkdir(path.join(ROOT, '.tmp'), { recursive: true });
  dir = await mkdtemp(path.join(ROOT, '.tmp', 'declared-once-'));
  for (const part of ['schemas', 'supabase/migrations', 'src/content/generated']) {
    await cp(path.join(ROOT, part), path.join(dir, part), { recursive: true });
  }
  await writeFile(path.join(dir, 'schemas/throwaway.schema.json'), JSON.stringify(THROWAWAY));
  await writeFile(
    path.join(dir, 'schemas/throwaway.ui.json'),
    JSON.stringify({ note: { 'ui:widget': 'textarea', 'ui:options': { rows: 2 } } }),
  );
  await generate(dir, false);
  const generated = path.join(dir, 'src/content/generated');
  ({ FORMS: forms } = await import(
    /* @vite-ignore */ pathToFileURL(path.join(generated, 'forms.ts')).href
  ));
  validators = await import(
    /* @vite-ignore */ pathToFileURL(path.join(generated, 'validators.js')).href
  );
}, 120_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

afterEach(unmount);

async function renderThrowaway(onSave: (data: unknown) => Promise<void>) {
  const { schema, uiSchema } = forms.throwaway!;
  return render(
    <ContentEditor
      schema={schema}
      uiSchema={uiSchema}
      validator={createContentValidator(schema, validators.throwaway!)}
      initialData={THROWAWAY.default}
      onSave={onSave}
    />,
  );
}

describe('a content type is declared once', () => {
  it('a new schema gives a working editor: its fields, French labels and help, and a save', async () => {
    const onSave = vi.fn(async () => {});
    const page = await renderThrowaway(onSave);

    expect(field(page, 'Slogan').value).toBe('Toujours là');
    expect(field(page, 'Note interne').tagName).toBe('TEXTAREA');
    expect(description(field(page, 'Note interne'))).toContain('Jamais affichée.');

    await typeInto(field(page, 'Slogan'), 'Réparé vite, réparé bien');
    await typeInto(field(page, 'Adresse de contact'), 'bonjour@garage.fr');
    await typeInto(field(page, 'Note interne'), 'Pour le printemps');
    await click(page.querySelector('button[type="submit"]')!);

    expect(onSave).toHaveBeenCalledExactlyOnceWith({
      slogan: 'Réparé vite, réparé bien',
      email: 'bonjour@garage.fr',
      note: 'Pour le printemps',
    });
    expect(page.textContent).toContain('Les modifications ont été enregistrées avec succès.');
  });

  it('a blank required field shows the French error next to it, and nothing is saved', async () => {
    const onSave = vi.fn(async () => {});
    const page = await renderThrowaway(onSave);

    const slogan = field(page, 'Slogan');
    await typeInto(slogan, '');
    // Validated on blur already.
    expect(description(slogan)).toBe('Ce champ est obligatoire.');
    expect(slogan.getAttribute('aria-invalid')).toBe('true');

    await typeInto(field(page, 'Adresse de contact'), 'pas-une-adresse');
    await click(page.querySelector('button[type="submit"]')!);

    await vi.waitFor(() =>
      expect(description(field(page, 'Adresse de contact'))).toBe(
        'Saisissez une adresse e-mail valide (par exemple contact@garage.fr).',
      ),
    );
    expect(onSave).not.toHaveBeenCalled();
    // The owner is taken to the first field to fix.
    await vi.waitFor(() => expect(document.activeElement).toBe(field(page, 'Slogan')));
  });
});
