// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { DEFAULT_CONTENT } from '../../content/generated/defaults.ts';
import { FORMS } from '../../content/generated/forms.ts';
import type { HoursContent } from '../../content/generated/types.ts';
import { hours } from '../../content/generated/validators.js';
import { WIDGETS } from './widgets/index.ts';
import { ContentEditor } from './content-editor.tsx';
import { createContentValidator } from './content-validator.ts';
import { render, unmount } from './dom-test-utils.ts';

// The hours editor is generated from schemas/hours.schema.json and its form hints: time inputs
// for the ranges, date inputs for closures and special openings, French labels.

const { schema, uiSchema } = FORMS.hours as unknown as { schema: RJSFSchema; uiSchema: UiSchema };

afterEach(async () => {
  await unmount();
});

describe('the hours editor', () => {
  it('offers time and date inputs under French labels', async () => {
    const stored: HoursContent = {
      ...DEFAULT_CONTENT.hours,
      closures: [{ from: '2027-08-10', to: '2027-08-24', label: 'Congés d’été' }],
      openings: [{ date: '2027-12-24', ranges: [{ opens: '09:00', closes: '12:00' }] }],
    };
    const page = await render(
      <ContentEditor<HoursContent>
        schema={schema}
        uiSchema={uiSchema}
        widgets={WIDGETS}
        validator={createContentValidator(schema, hours)}
        initialData={stored}
        onSave={async () => {}}
        renderPreview={() => null}
      />,
    );
    const text = page.textContent ?? '';
    for (const label of ['Lundi', 'Dimanche', 'Fermetures', 'Ouvertures exceptionnelles', 'Du']) {
      expect(text).toContain(label);
    }
    const times = [...page.querySelectorAll<HTMLInputElement>('input[type="time"]')];
    // Five weekdays of two ranges, and the special opening's one.
    expect(times.map((input) => input.value)).toContain('14:00');
    expect(times).toHaveLength(5 * 4 + 2);
    const dates = [...page.querySelectorAll<HTMLInputElement>('input[type="date"]')];
    expect(dates.map((input) => input.value)).toEqual(['2027-08-10', '2027-08-24', '2027-12-24']);
  });
});
