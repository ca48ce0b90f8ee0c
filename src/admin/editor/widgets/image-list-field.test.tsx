// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { FORMS } from '../../../content/generated/forms.ts';
import { buttons, click, field, groups, renderForm, textOf, type } from './test-form.tsx';

const { schema, uiSchema } = FORMS.services;
const formData = structuredClone(schema.default);
let view: Awaited<ReturnType<typeof renderForm>>;
afterEach(() => view.unmount());

const list = () => view.container.querySelector('.image-list') as HTMLElement;
const slide = (n: number) => {
  const [found] = groups(list(), `Image ${n}`);
  if (!found) throw new Error(`No slide ${n}`);
  return found;
};
const slides = () => [...list().querySelectorAll('.image-list__slide')];
type Slide = { image: string; alt?: string };
const carousel = () => view.data().carouselImages as Slide[];

describe('imageList', () => {
  it('shows each slide with its image choice and its alternative text', async () => {
    view = await renderForm({ schema, uiSchema, formData });
    expect(textOf(list().querySelector('legend'))).toBe('Images du carrousel');
    expect(slides()).toHaveLength(3);
    const second = slide(2);
    expect(
      [...second.querySelectorAll('.image-choice__option img')].map(
        (img) => img.closest('label')?.textContent,
      ),
    ).toEqual(['Entretien', 'Freins', 'Diagnostic', 'Pneus']);
    expect((field(second, 'Freins') as HTMLInputElement).checked).toBe(true);
    expect(
      (field(second, 'Description de la photo (lue aux personnes aveugles)') as HTMLInputElement)
        .value,
    ).toBe('Disque de frein vu de face, son étrier jaune posé sur le bord');
  });

  it('folds each slide to one line, opened when added or when it has an error', async () => {
    view = await renderForm({ schema, uiSchema, formData });
    const details = () => slides().map((li) => li.querySelector('details')!);
    expect(details().map((d) => d.open)).toEqual(slides().map(() => false));
    const stored: readonly Slide[] = formData.carouselImages;
    expect(details().map((d) => textOf(d.querySelector('summary')))).toEqual(
      stored.map((s, i) => `Image ${i + 1} : ${s.alt}`),
    );
    await click(buttons(list(), 'Ajouter une image')[0]);
    expect(details().at(-1)!.open).toBe(true);
    await type(field(slide(2), 'Description de la photo (lue aux personnes aveugles)'), '');
    await view.validate();
    expect(details()[1]!.open).toBe(true);
    expect(details()[0]!.open).toBe(false);
  });

  it('edits a slide’s image and alternative text', async () => {
    view = await renderForm({ schema, uiSchema, formData });
    await click(field(slide(1), 'Pneus'));
    await type(
      field(slide(1), 'Description de la photo (lue aux personnes aveugles)'),
      'Pneus neufs sur jantes',
    );
    expect(carousel()[0]).toEqual({
      image: '/images/service-pneus.svg',
      alt: 'Pneus neufs sur jantes',
    });
    expect(carousel()[1]?.image).toBe('/images/service-freins.svg');
  });

  it('adds a slide with the first image, focused on its alternative text', async () => {
    view = await renderForm({ schema, uiSchema, formData });
    const [add] = buttons(list(), 'Ajouter une image');
    await click(add);
    expect(slides()).toHaveLength(4);
    expect(carousel()[3]?.image).toBe('/images/service-entretien.svg');
    expect(document.activeElement).toBe(
      field(slide(4), 'Description de la photo (lue aux personnes aveugles)'),
    );
    await type(document.activeElement, 'Atelier');
    expect(carousel()[3]).toEqual({ image: '/images/service-entretien.svg', alt: 'Atelier' });
  });

  it('removes a slide', async () => {
    view = await renderForm({ schema, uiSchema, formData });
    const [remove] = buttons(slide(2), 'Supprimer');
    expect(textOf(remove)).toBe('Supprimer l’image 2');
    await click(remove);
    expect(slides()).toHaveLength(2);
    expect(carousel().map((s) => s.image)).toEqual([
      '/images/service-entretien.svg',
      '/images/service-diagnostic.svg',
    ]);
    expect(
      (field(slide(2), 'Description de la photo (lue aux personnes aveugles)') as HTMLInputElement)
        .value,
    ).toBe("Écran d'ordinateur de diagnostic affichant une courbe, relié par un câble à une prise");
  });

  it('shows a slide’s errors next to its own fields', async () => {
    view = await renderForm({ schema, uiSchema, formData });
    await type(field(slide(2), 'Description de la photo (lue aux personnes aveugles)'), '');
    await view.validate();
    const alt = field(slide(2), 'Description de la photo (lue aux personnes aveugles)');
    const errors = slide(2).querySelector('.error-detail');
    expect(errors).not.toBeNull();
    expect(alt.getAttribute('aria-describedby')).toContain(errors?.id);
    expect(slide(1).querySelector('.error-detail')).toBeNull();
    expect(slide(3).querySelector('.error-detail')).toBeNull();
  });
});
