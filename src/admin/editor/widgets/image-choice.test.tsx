// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { FORMS } from '../../../content/generated/forms.ts';
import { click, field, renderForm, textOf, type } from './test-form.tsx';

const { schema, uiSchema } = FORMS.hero;
const hero = (backgroundImage: string) => ({ ...schema.default, backgroundImage });
let view: Awaited<ReturnType<typeof renderForm>>;
afterEach(() => view.unmount());

const radio = (name: string) => field(view.container, name) as HTMLInputElement;
const preview = () => view.container.querySelector('.image-choice__preview') as HTMLElement;

describe('imageChoice', () => {
  it('shows the fixed images as labelled thumbnails, the current one selected', async () => {
    view = await renderForm({ schema, uiSchema, formData: hero('/images/hero-pont.svg') });
    const thumbnails = [...view.container.querySelectorAll('.image-choice__option img')];
    // Each choice is named by its visible caption; the thumbnail itself only illustrates it.
    expect(thumbnails.map((img) => img.getAttribute('alt'))).toEqual(['', '', '', '']);
    expect(thumbnails.map((img) => img.closest('label')?.textContent)).toEqual([
      'Atelier',
      'Pont élévateur',
      'Moteur',
      'Route',
    ]);
    expect(thumbnails.every((img) => img.getAttribute('width') && img.getAttribute('height'))).toBe(
      true,
    );
    expect(radio('Pont élévateur').checked).toBe(true);
    expect(radio('Autre image (adresse)').checked).toBe(false);
    expect(preview().querySelector('img')?.getAttribute('src')).toBe('/images/hero-pont.svg');
  });

  it('changes the form data when a thumbnail is chosen', async () => {
    view = await renderForm({ schema, uiSchema, formData: hero('/images/hero-atelier.svg') });
    await click(radio('Moteur'));
    expect(view.data().backgroundImage).toBe('/images/hero-moteur.svg');
    expect(radio('Moteur').checked).toBe(true);
  });

  it('takes a custom address, and shows a stored one as custom', async () => {
    view = await renderForm({ schema, uiSchema, formData: hero('/images/hero-atelier.svg') });
    await type(field(view.container, 'Adresse de l’image'), 'https://exemple.fr/atelier.jpg');
    expect(view.data().backgroundImage).toBe('https://exemple.fr/atelier.jpg');
    expect(radio('Autre image (adresse)').checked).toBe(true);

    await view.unmount();
    view = await renderForm({ schema, uiSchema, formData: hero('https://exemple.fr/x.jpg') });
    expect(radio('Autre image (adresse)').checked).toBe(true);
    expect((field(view.container, 'Adresse de l’image') as HTMLInputElement).value).toBe(
      'https://exemple.fr/x.jpg',
    );
  });

  it('keeps the typed address when the owner goes back to it from a thumbnail', async () => {
    view = await renderForm({ schema, uiSchema, formData: hero('/images/hero-atelier.svg') });
    await type(field(view.container, 'Adresse de l’image'), '/images/perso.jpg');
    await click(radio('Route'));
    expect(view.data().backgroundImage).toBe('/images/hero-route.svg');
    await click(radio('Autre image (adresse)'));
    expect(view.data().backgroundImage).toBe('/images/perso.jpg');
  });

  it('shows a placeholder when the image fails to load, and a new image again after', async () => {
    view = await renderForm({ schema, uiSchema, formData: hero('https://exemple.fr/cassee.jpg') });
    const img = preview().querySelector('img');
    await act(async () => img?.dispatchEvent(new Event('error')));
    expect(preview().querySelector('img')).toBeNull();
    expect(textOf(preview())).toContain('Image indisponible');

    await click(radio('Atelier'));
    expect(preview().querySelector('img')?.getAttribute('src')).toBe('/images/hero-atelier.svg');
  });

  it('reports leaving the field to rjsf, trimmed, so validation on blur runs', async () => {
    view = await renderForm({ schema, uiSchema, formData: hero('/images/hero-atelier.svg') });
    const input = field(view.container, 'Adresse de l’image');
    await act(async () => input.focus());
    await type(input, ' /images/perso.jpg ');
    await act(async () => input.blur());
    expect(view.blurs).toEqual([['root_backgroundImage', '/images/perso.jpg']]);
    expect(view.data().backgroundImage).toBe('/images/perso.jpg');
  });
});
