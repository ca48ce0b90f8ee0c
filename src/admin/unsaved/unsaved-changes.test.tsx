// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { FORMS } from '../../content/generated/forms.ts';
import { about } from '../../content/generated/validators.js';
import { ContentEditor } from '../editor/content-editor.tsx';
import { createContentValidator } from '../editor/content-validator.ts';
import { click, field, render, typeInto, unmount } from '../editor/dom-test-utils.ts';
import { MAX_DRAFT_CHARS, readDraft, writeDraft } from './local-draft.ts';
import { hasUnsavedChanges } from './unsaved-changes.ts';

const { schema, uiSchema } = FORMS.about as unknown as { schema: RJSFSchema; uiSchema: UiSchema };
const STORED = { title: 'À propos', content: 'Un garage de quartier.' };
type About = typeof STORED;
const KEY = 'content:about';

function renderAbout(onSave: (data: About) => Promise<void>) {
  return render(
    <ContentEditor<About>
      schema={schema}
      uiSchema={uiSchema}
      validator={createContentValidator(schema, about)}
      initialData={STORED}
      onSave={onSave}
      draftKey={KEY}
    />,
  );
}

const button = (page: HTMLElement, text: string) =>
  [...page.querySelectorAll('button')].find((b) => b.textContent === text)!;

function leaveAsked(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

afterEach(async () => {
  await unmount();
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('unsaved changes in an editor', () => {
  it('asks before the tab closes and keeps the text locally until it is saved', async () => {
    const page = await renderAbout(async () => {});
    expect(hasUnsavedChanges()).toBe(false);
    expect(leaveAsked()).toBe(false);

    await typeInto(field(page, 'Titre'), 'Qui sommes-nous');
    expect(hasUnsavedChanges()).toBe(true);
    expect(leaveAsked()).toBe(true);
    expect(readDraft<About>(KEY)?.value.title).toBe('Qui sommes-nous');

    await click(page.querySelector('button[type="submit"]')!);
    expect(hasUnsavedChanges()).toBe(false);
    expect(leaveAsked()).toBe(false);
    expect(readDraft(KEY)).toBeNull();
  });

  it('keeps the text when the save fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const page = await renderAbout(() => Promise.reject(new TypeError('Failed to fetch')));
    await typeInto(field(page, 'Titre'), 'Qui sommes-nous');
    await click(page.querySelector('button[type="submit"]')!);
    expect(hasUnsavedChanges()).toBe(true);
    expect(readDraft<About>(KEY)?.value.title).toBe('Qui sommes-nous');
  });

  it('offers the draft back on return, and restores it', async () => {
    writeDraft(KEY, { ...STORED, title: 'Brouillon' }, new Date('2026-11-23T13:05:00Z'));
    const page = await renderAbout(async () => {});
    expect(page.textContent).toContain(
      'Vous aviez des modifications non enregistrées (23 novembre 2026 à 14:05).',
    );
    expect(field(page, 'Titre').value).toBe('À propos');

    await click(button(page, 'Reprendre mes modifications'));
    expect(field(page, 'Titre').value).toBe('Brouillon');
    expect(page.textContent).not.toContain('Vous aviez des modifications');
    expect(hasUnsavedChanges()).toBe(true);
  });

  it('forgets the draft when the owner abandons it', async () => {
    writeDraft(KEY, { ...STORED, title: 'Brouillon' });
    const page = await renderAbout(async () => {});
    await click(button(page, 'Les abandonner'));
    expect(field(page, 'Titre').value).toBe('À propos');
    expect(readDraft(KEY)).toBeNull();
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('offers nothing when the draft is what is stored', async () => {
    writeDraft(KEY, STORED);
    const page = await renderAbout(async () => {});
    expect(page.textContent).not.toContain('Vous aviez des modifications');
    expect(readDraft(KEY)).toBeNull();
  });

  it('does not keep a draft too large for the browser', () => {
    writeDraft(KEY, { ...STORED, content: 'x'.repeat(MAX_DRAFT_CHARS) });
    expect(readDraft(KEY)).toBeNull();
  });
});
