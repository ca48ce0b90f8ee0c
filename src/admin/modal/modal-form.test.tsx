// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { ModalContent } from '../../content/generated/types.ts';
import { FORMS } from '../../content/generated/forms.ts';
import { validatorFor } from '../../content/content.ts';
import { ContentEditor } from '../editor/content-editor.tsx';
import { createContentValidator } from '../editor/content-validator.ts';
import { click, description, field, render, typeInto, unmount } from '../editor/dom-test-utils.ts';

// The pop-up's rule is declared once, in schemas/modal.schema.json: shown on the site, it needs a
// title and a message; switched off, it may keep blank ones. The form says the schema's sentence,
// the one the database gives too (tests/integration/content-check.test.ts).
const RULE = FORMS.modal.schema.then.properties;
const { schema, uiSchema } = FORMS.modal as unknown as { schema: RJSFSchema; uiSchema: UiSchema };

afterEach(unmount);

async function renderModalForm(initial: ModalContent, onSave: (data: ModalContent) => void) {
  return render(
    <ContentEditor<ModalContent>
      schema={schema}
      uiSchema={uiSchema}
      validator={createContentValidator(schema, validatorFor('modal'))}
      initialData={initial}
      onSave={async (data) => onSave(data)}
    />,
  );
}

const submit = (page: HTMLElement) => click(page.querySelector('button[type="submit"]')!);
/** « Afficher la pop-up », the form's one checkbox (rjsf's own widget, its label around it). */
const shown = (page: HTMLElement) =>
  page.querySelector<HTMLInputElement>('input[type="checkbox"]')!;

describe('the pop-up form', () => {
  it('refuses an active pop-up without its texts, with the schema’s sentences', async () => {
    const onSave = vi.fn();
    const page = await renderModalForm({ active: false, title: '', message: '' }, onSave);
    expect(shown(page).closest('label')?.textContent).toContain('Afficher la pop-up');
    await click(shown(page));
    await submit(page);

    await vi.waitFor(() => expect(description(field(page, 'Titre'))).toBe(RULE.title['x-message']));
    expect(description(field(page, 'Message'))).toBe(RULE.message['x-message']);
    expect(field(page, 'Titre').getAttribute('aria-invalid')).toBe('true');
    expect(onSave).not.toHaveBeenCalled();

    // A title alone is not enough: the message is still asked for.
    await typeInto(field(page, 'Titre'), 'Congés');
    await submit(page);
    await vi.waitFor(() =>
      expect(description(field(page, 'Message'))).toBe(RULE.message['x-message']),
    );
    expect(onSave).not.toHaveBeenCalled();

    await typeInto(field(page, 'Message'), 'Fermé du 1er au 15 août.');
    await submit(page);
    expect(onSave).toHaveBeenCalledExactlyOnceWith({
      active: true,
      title: 'Congés',
      message: 'Fermé du 1er au 15 août.',
    });
  });

  it('saves a pop-up switched off with blank texts', async () => {
    const onSave = vi.fn();
    const page = await renderModalForm({ active: true, title: 'Congés', message: 'Août' }, onSave);
    await click(shown(page));
    await typeInto(field(page, 'Titre'), '');
    await typeInto(field(page, 'Message'), ' ');
    await submit(page);
    expect(onSave).toHaveBeenCalledExactlyOnceWith({ active: false, title: '', message: ' ' });
  });
});
