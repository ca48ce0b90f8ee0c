// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { DEFAULT_CONTENT } from '../../content/generated/defaults.ts';
import { FORMS } from '../../content/generated/forms.ts';
import type { AppointmentsContent } from '../../content/generated/types.ts';
import { appointments } from '../../content/generated/validators.js';
import { FIELDS, WIDGETS } from '../editor/widgets/index.ts';
import { ContentEditor } from '../editor/content-editor.tsx';
import { createContentValidator } from '../editor/content-validator.ts';
import { click, description, render, typeInto, unmount } from '../editor/dom-test-utils.ts';

// The « Rendez-vous » editor, generated from schemas/appointments.schema.json and its form hints:
// the vehicles per half-day as a week's table (one row per day, Matin and Après-midi), and the
// reminder's hour.

const { schema, uiSchema } = FORMS.appointments as unknown as {
  schema: RJSFSchema;
  uiSchema: UiSchema;
};

afterEach(async () => {
  await unmount();
});

/** The input of a day's half-day, found by the names it is read with (row, then column). */
function cell(page: HTMLElement, day: string, column: string): HTMLInputElement {
  for (const input of page.querySelectorAll<HTMLInputElement>('.week-table input')) {
    const names = (input.getAttribute('aria-labelledby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    if (names[0] === day && names[1] === column) return input;
  }
  throw new Error(`No input for ${day} ${column}`);
}

async function renderEditor(onSave: (data: AppointmentsContent) => Promise<void>) {
  return render(
    <ContentEditor<AppointmentsContent>
      schema={schema}
      uiSchema={uiSchema}
      widgets={WIDGETS}
      fields={FIELDS}
      validator={createContentValidator(schema, appointments)}
      initialData={structuredClone(DEFAULT_CONTENT.appointments)}
      onSave={onSave}
      renderPreview={() => null}
    />,
  );
}

describe('the appointments editor', () => {
  it('shows the week as a table of numbers, Matin and Après-midi, and saves a change', async () => {
    const saved: AppointmentsContent[] = [];
    const page = await renderEditor(async (data) => void saved.push(data));
    const table = page.querySelector('.week-table table')!;
    const rows = [...table.querySelectorAll('tbody th[scope="row"]')].map((th) => th.textContent);
    expect(rows).toEqual(['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche']);
    const columns = [...table.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(columns).toEqual(['Matin', 'Après-midi']);
    expect(cell(page, 'Samedi', 'Matin').value).toBe('2');
    expect(cell(page, 'Samedi', 'Après-midi').value).toBe('0');
    expect(cell(page, 'Samedi', 'Matin').type).toBe('number');

    await typeInto(cell(page, 'Samedi', 'Après-midi'), '1');
    await typeInto(cell(page, 'Mercredi', 'Matin'), '5');
    await click(page.querySelector('button[type="submit"]')!);
    expect(saved.at(-1)?.capacity.samedi).toEqual({ matin: 2, 'apres-midi': 1 });
    expect(saved.at(-1)?.capacity.mercredi).toEqual({ matin: 5, 'apres-midi': 3 });
    expect(saved.at(-1)?.reminderTime).toBe('18:00');
  });

  it('refuses a number out of bounds, in French, next to its day, and does not save', async () => {
    const saved: AppointmentsContent[] = [];
    const page = await renderEditor(async (data) => void saved.push(data));
    const input = cell(page, 'Lundi', 'Après-midi');
    await typeInto(input, '80');
    await click(page.querySelector('button[type="submit"]')!);
    expect(saved).toEqual([]);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(description(input)).toMatch(/^Lundi, après-midi : .*50/);
  });
});
