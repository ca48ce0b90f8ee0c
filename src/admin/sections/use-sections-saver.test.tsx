// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Section } from '../../content/generated/types.ts';
import { SaveConflictError } from '../content/save-conflict.ts';
import { render, unmount } from '../editor/dom-test-utils.ts';
import { FORMS } from '../../content/generated/forms.ts';
import { draftProblems } from './add-section-form.tsx';
import { toggleSection } from './sections-model.ts';
import { useSectionsSaver } from './use-sections-saver.ts';

/** The schema's own sentence for an image block's photo without its description. */
const ALT_REQUIRED = FORMS.sections.schema.definitions.section.then['x-message'];

const LIST: Section[] = [
  { id: 'hero', title: 'Accueil', order: 0, visible: true, type: 'hero' },
  { id: 'contact', title: 'Contact', order: 1, visible: true, type: 'contact' },
];

type Saver = ReturnType<typeof useSectionsSaver>;

async function mountSaver(save: (sections: Section[]) => Promise<void>) {
  const current: { value?: Saver } = {};
  function Harness() {
    current.value = useSectionsSaver(LIST, save);
    return null;
  }
  await render(<Harness />);
  return () => current.value!;
}

/** A save that waits until the test settles it. */
function deferredSave() {
  const calls: { sections: Section[]; resolve: () => void; reject: (e: unknown) => void }[] = [];
  const save = vi.fn(
    (sections: Section[]) =>
      new Promise<void>((resolve, reject) => calls.push({ sections, resolve, reject })),
  );
  return { save, calls };
}

const visible = (sections: Section[], id: string) => sections.find((s) => s.id === id)?.visible;

afterEach(async () => {
  await unmount();
  vi.restoreAllMocks();
});

describe('useSectionsSaver', () => {
  it('shows a change at once, saves it, then says it is saved', async () => {
    const { save, calls } = deferredSave();
    const saver = await mountSaver(save);
    await act(async () => void saver().update((s) => toggleSection(s, 'contact')));
    expect(visible(saver().sections, 'contact')).toBe(false);
    expect(saver().status.kind).toBe('saving');
    await act(async () => calls[0]!.resolve());
    expect(saver().status.kind).toBe('saved');
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('a change refused because the list was saved elsewhere keeps it aside, and a reset starts again', async () => {
    const { save, calls } = deferredSave();
    const saver = await mountSaver(save);
    await act(async () => void saver().update((s) => toggleSection(s, 'contact')));
    await act(async () => calls[0]!.reject(new SaveConflictError('changed')));
    const status = saver().status;
    expect(status.kind).toBe('conflict');
    // What the owner did is kept for « enregistrer quand même »; the list shows what was saved.
    expect(status.kind === 'conflict' && visible(status.refused, 'contact')).toBe(false);
    expect(visible(saver().sections, 'contact')).toBe(true);

    const stored = toggleSection(LIST, 'hero');
    await act(async () => saver().reset(stored));
    expect(saver().status.kind).toBe('idle');
    expect(visible(saver().sections, 'hero')).toBe(false);
    // The next change starts from the list reset to.
    await act(async () => void saver().update((s) => toggleSection(s, 'contact')));
    expect(visible(calls[1]!.sections, 'hero')).toBe(false);
    expect(visible(calls[1]!.sections, 'contact')).toBe(false);
  });

  it('sends quick changes together, never two saves at once', async () => {
    const { save, calls } = deferredSave();
    const saver = await mountSaver(save);
    await act(async () => void saver().update((s) => toggleSection(s, 'contact')));
    await act(async () => void saver().update((s) => toggleSection(s, 'hero')));
    await act(async () => void saver().update((s) => toggleSection(s, 'hero')));
    expect(calls).toHaveLength(1);
    await act(async () => calls[0]!.resolve());
    expect(calls).toHaveLength(2);
    expect(visible(calls[1]!.sections, 'hero')).toBe(true);
    expect(visible(calls[1]!.sections, 'contact')).toBe(false);
    await act(async () => calls[1]!.resolve());
    expect(saver().status.kind).toBe('saved');
  });

  it('does not save a change that changes nothing', async () => {
    const { save } = deferredSave();
    const saver = await mountSaver(save);
    let changed = true;
    await act(async () => void (changed = saver().update((s) => toggleSection(s, 'nope'))));
    expect(changed).toBe(false);
    expect(save).not.toHaveBeenCalled();
    expect(saver().status.kind).toBe('idle');
  });

  it('puts back what the server holds when a save is refused, with its reason', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { save, calls } = deferredSave();
    const saver = await mountSaver(save);
    await act(async () => void saver().update((s) => toggleSection(s, 'contact')));
    await act(async () => void saver().update((s) => toggleSection(s, 'hero')));
    await act(async () =>
      calls[0]!.reject({
        code: '23514',
        message: 'Contenu « sections » refusé : « Titre » est obligatoire.',
      }),
    );
    expect(saver().sections).toBe(LIST);
    expect(saver().status).toEqual({
      kind: 'failed',
      message:
        "L'enregistrement a échoué : Contenu « sections » refusé : « Titre » est obligatoire.",
    });
    // The queued change went back too: nothing more is sent.
    expect(calls).toHaveLength(1);
    // The next change starts from the stored list.
    await act(async () => void saver().update((s) => toggleSection(s, 'hero')));
    expect(visible(calls[1]!.sections, 'hero')).toBe(false);
    expect(visible(calls[1]!.sections, 'contact')).toBe(true);
  });
});

describe('draftProblems', () => {
  it('asks for a title and a valid image address, in French', () => {
    expect(draftProblems(LIST, { title: '  ', type: 'text' })).toEqual({
      title: 'Ce champ est obligatoire.',
    });
    expect(
      draftProblems(LIST, {
        title: 'Promo',
        type: 'image',
        imageUrl: 'pas une adresse',
        imageAlt: 'Pneus',
      }),
    ).toEqual({
      imageUrl: 'Saisissez une adresse web (https://…) ou un chemin commençant par /.',
    });
    expect(
      draftProblems(LIST, { title: 'Promo', type: 'image', imageUrl: '/p.jpg', imageAlt: 'Pneus' }),
    ).toEqual({});
  });

  it('asks what an image block shows, and not for a text block, nor without an image', () => {
    expect(draftProblems(LIST, { title: 'Promo', type: 'image', imageUrl: '/p.jpg' })).toEqual({
      imageAlt: ALT_REQUIRED,
    });
    expect(
      draftProblems(LIST, { title: 'Promo', type: 'image', imageUrl: '/p.jpg', imageAlt: '  ' }),
    ).toEqual({ imageAlt: ALT_REQUIRED });
    expect(draftProblems(LIST, { title: 'Promo', type: 'image', imageUrl: '' })).toEqual({});
    expect(draftProblems(LIST, { title: 'Promo', type: 'text', imageUrl: '/p.jpg' })).toEqual({});
    expect(
      draftProblems(LIST, {
        title: 'Promo',
        type: 'image',
        imageUrl: '/p.jpg',
        imageAlt: 'x'.repeat(251),
      }),
    ).toEqual({ imageAlt: expect.stringContaining('250') });
    expect(
      draftProblems(LIST, {
        title: 'Promo',
        type: 'text',
        content: '<p>Bonjour</p>',
        imageUrl: '',
      }),
    ).toEqual({});
  });
});
