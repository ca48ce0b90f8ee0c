// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { FORMS } from '../../content/generated/forms.ts';
import { about } from '../../content/generated/validators.js';
import { ContentEditor } from './content-editor.tsx';
import { createContentValidator } from './content-validator.ts';
import {
  click,
  description,
  field,
  render,
  typeInto,
  typeWithoutLeaving,
  unmount,
} from './dom-test-utils.ts';
import { previewData } from './preview-data.ts';

const { schema, uiSchema } = FORMS.about as unknown as { schema: RJSFSchema; uiSchema: UiSchema };
const STORED = { title: 'À propos', content: 'Un garage de quartier.' };
const SAVED = 'Les modifications ont été enregistrées avec succès.';

type About = typeof STORED;

function renderAbout(onSave: (data: About) => Promise<void>) {
  return render(
    <ContentEditor<About>
      schema={schema}
      uiSchema={uiSchema}
      validator={createContentValidator(schema, about)}
      initialData={STORED}
      onSave={onSave}
      renderPreview={(data) => (
        <h2 data-testid="preview">{previewData(about, data, STORED).title}</h2>
      )}
    />,
  );
}

const saveButton = (page: HTMLElement) =>
  page.querySelector<HTMLButtonElement>('button[type="submit"]')!;
const status = (page: HTMLElement) => page.querySelector('[role="status"]')?.textContent ?? '';
const alertText = (page: HTMLElement) => page.querySelector('[role="alert"]')?.textContent ?? '';

afterEach(async () => {
  await unmount();
  vi.useRealTimers();
});

describe('ContentEditor', () => {
  it('shows the success message for exactly 3 seconds', async () => {
    vi.useFakeTimers();
    const page = await renderAbout(async () => {});
    await click(saveButton(page));
    expect(status(page)).toBe(SAVED);

    await act(async () => vi.advanceTimersByTime(2999));
    expect(status(page)).toBe(SAVED);
    await act(async () => vi.advanceTimersByTime(1));
    expect(status(page)).toBe('');
  });

  it('clears the success message on the next edit', async () => {
    const page = await renderAbout(async () => {});
    await click(saveButton(page));
    expect(status(page)).toBe(SAVED);
    await typeInto(field(page, 'Titre'), 'Qui sommes-nous');
    expect(status(page)).toBe('');
  });

  it('shows an error when the field is left, and takes it away as soon as the value is fixed', async () => {
    const page = await renderAbout(async () => {});
    const title = field(page, 'Titre');
    // Nothing turns red while the owner is still typing…
    await typeWithoutLeaving(title, '');
    expect(description(title)).toBe('');
    // …the error shows when the field is left…
    await act(async () => title.blur());
    expect(description(title)).toBe('Ce champ est obligatoire.');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    // …and goes at the first keystroke that fixes it, the owner still in the field.
    await typeWithoutLeaving(title, 'Q');
    expect(description(title)).toBe('');
    expect(title.getAttribute('aria-invalid')).not.toBe('true');
  });

  it('takes away an error shown by a refused save as soon as the value is fixed', async () => {
    const onSave = vi.fn(async () => {});
    const page = await renderAbout(onSave);
    const title = field(page, 'Titre');
    await typeWithoutLeaving(title, '');
    await click(saveButton(page));
    expect(onSave).not.toHaveBeenCalled();
    expect(description(title)).toBe('Ce champ est obligatoire.');
    await typeWithoutLeaving(title, 'À propos de nous');
    expect(description(title)).toBe('');
  });

  it('disables the button while saving', async () => {
    let finish!: () => void;
    const page = await renderAbout(() => new Promise<void>((resolve) => (finish = resolve)));
    await click(saveButton(page));
    expect(saveButton(page).disabled).toBe(true);
    expect(saveButton(page).textContent).toBe('Enregistrement…');
    await act(async () => finish());
    expect(saveButton(page).disabled).toBe(false);
    expect(saveButton(page).textContent).toBe('Enregistrer');
  });

  it("shows the server's reason when a save fails, and keeps what was typed", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const refused = Object.assign(
      new Error('Contenu « about » refusé : « Titre » est obligatoire.'),
      {
        code: '23514',
      },
    );
    const page = await renderAbout(() => Promise.reject(refused));
    await typeInto(field(page, 'Texte'), 'Depuis 1998 à Lyon.');
    await click(saveButton(page));

    expect(alertText(page)).toBe(
      "L'enregistrement a échoué : Contenu « about » refusé : « Titre » est obligatoire.",
    );
    expect(status(page)).toBe('');
    expect(field(page, 'Texte').value).toBe('Depuis 1998 à Lyon.');
  });

  it('says so when the server cannot be reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const offline = { message: 'TypeError: Failed to fetch', code: '', details: '', hint: '' };
    const page = await renderAbout(() => Promise.reject(offline));
    await click(saveButton(page));
    expect(alertText(page)).toBe(
      "L'enregistrement a échoué : le serveur est injoignable. Vérifiez votre connexion internet, puis réessayez.",
    );
  });

  it('previews every change, and the stored value for a field left blank', async () => {
    const page = await renderAbout(async () => {});
    const preview = () => page.querySelector('[data-testid="preview"]')?.textContent;
    expect(preview()).toBe('À propos');
    await typeInto(field(page, 'Titre'), 'Notre atelier');
    expect(preview()).toBe('Notre atelier');
    await typeInto(field(page, 'Titre'), '');
    expect(preview()).toBe('À propos');
  });
});
