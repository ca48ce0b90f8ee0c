// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { FORMS } from '../../../content/generated/forms.ts';
import { buttons, click, field, press, renderForm, textOf, type } from './test-form.tsx';

const { schema, uiSchema } = FORMS.services;
const services = (servicesList: string[]) => ({ ...schema.default, servicesList });
let view: Awaited<ReturnType<typeof renderForm>>;
afterEach(() => view.unmount());

const list = () => view.container.querySelector('.string-list') as HTMLElement;
const shown = () => [...list().querySelectorAll('.string-list__text')].map(textOf);
const input = () => field(list(), 'Nouvel élément');
const button = (name: string) => {
  const [found] = buttons(list(), name);
  if (!found) throw new Error(`No button ${name}`);
  return found;
};

describe('stringList', () => {
  it('shows the items under the field title, each with its buttons', async () => {
    view = await renderForm({ schema, uiSchema, formData: services(['Freinage', 'Pneus']) });
    expect(textOf(list().querySelector('legend'))).toBe('Liste des services');
    expect(shown()).toEqual(['Freinage', 'Pneus']);
    expect(buttons(list(), 'Supprimer').map(textOf)).toEqual([
      'Supprimer « Freinage »',
      'Supprimer « Pneus »',
    ]);
    expect(button('Monter « Freinage »').hasAttribute('disabled')).toBe(true);
    expect(button('Descendre « Pneus »').hasAttribute('disabled')).toBe(true);
  });

  it('adds trimmed text with the button or Enter, and ignores blank text', async () => {
    view = await renderForm({ schema, uiSchema, formData: services(['Freinage']) });
    await type(input(), '   ');
    await click(button('Ajouter'));
    await press(input(), 'Enter');
    expect(view.data().servicesList).toEqual(['Freinage']);

    await type(input(), '  Géométrie  ');
    await click(button('Ajouter'));
    expect(view.data().servicesList).toEqual(['Freinage', 'Géométrie']);
    expect((input() as HTMLInputElement).value).toBe('');

    await type(input(), 'Climatisation ');
    await press(input(), 'Enter');
    expect(view.data().servicesList).toEqual(['Freinage', 'Géométrie', 'Climatisation']);
    expect(shown()).toEqual(['Freinage', 'Géométrie', 'Climatisation']);
    expect(textOf(list().querySelector('.widget-status'))).toBe(
      '« Climatisation » ajouté à la liste.',
    );
  });

  it('removes an item and keeps the keyboard focus in the list', async () => {
    view = await renderForm({ schema, uiSchema, formData: services(['A', 'B', 'C']) });
    await click(button('Supprimer « B »'));
    expect(view.data().servicesList).toEqual(['A', 'C']);
    expect(shown()).toEqual(['A', 'C']);
    expect(textOf(document.activeElement)).toBe('Supprimer « C »');
  });

  it('reorders with the Monter and Descendre buttons, focus following the item', async () => {
    view = await renderForm({ schema, uiSchema, formData: services(['A', 'B', 'C']) });
    await click(button('Descendre « A »'));
    expect(view.data().servicesList).toEqual(['B', 'A', 'C']);
    expect(textOf(document.activeElement)).toBe('Descendre « A »');

    await click(button('Descendre « A »'));
    expect(view.data().servicesList).toEqual(['B', 'C', 'A']);
    // At the bottom, Descendre is disabled: focus goes to Monter of the same item.
    expect(textOf(document.activeElement)).toBe('Monter « A »');

    await click(button('Monter « C »'));
    expect(view.data().servicesList).toEqual(['C', 'B', 'A']);
    expect(textOf(list().querySelector('.widget-status'))).toBe(
      '« C » déplacé en position 1 sur 3.',
    );
  });

  it('offers drag handles with French screen-reader instructions', async () => {
    view = await renderForm({ schema, uiSchema, formData: services(['A', 'B']) });
    const handle = list().querySelector('.string-list__handle') as HTMLElement;
    expect(handle.getAttribute('aria-label')).toBe('Déplacer « A »');
    expect(handle.getAttribute('aria-roledescription')).toBe('élément déplaçable');
    const instructions = handle
      .getAttribute('aria-describedby')
      ?.split(' ')
      .map((id) => textOf(document.getElementById(id)))
      .join(' ');
    expect(instructions).toContain('appuyez sur Espace ou Entrée');
  });

  it('reorders by keyboard on the drag handle (Espace, flèche bas, Espace)', async () => {
    view = await renderForm({ schema, uiSchema, formData: services(['A', 'B', 'C']) });
    // happy-dom has no layout: give each row the box a browser would.
    const rows = [...list().querySelectorAll('.string-list__item')] as HTMLElement[];
    rows.forEach((row, index) => {
      const rect = { x: 0, y: index * 40, top: index * 40, left: 0, width: 300, height: 36 };
      row.getBoundingClientRect = () =>
        ({ ...rect, bottom: rect.top + 36, right: 300, toJSON: () => rect }) as DOMRect;
    });
    const handle = rows[0]?.querySelector('.string-list__handle') as HTMLElement;
    await act(async () => handle.focus());
    await press(handle, ' ', 'Space');
    await press(document, 'ArrowDown');
    await press(document, ' ', 'Space');
    expect(view.data().servicesList).toEqual(['B', 'A', 'C']);
    const announcement = document.querySelector('[id^="DndLiveRegion"]');
    expect(textOf(announcement)).toBe('« A » déposé en position 2 sur 3.');
  });
});
