// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { validatorFor } from '../../content/content.ts';
import { FORMS, type FormName } from '../../content/generated/forms.ts';
import type { AlertContent } from '../../content/generated/types.ts';
import { ContentEditor } from './content-editor.tsx';
import { createContentValidator, withoutConditions } from './content-validator.ts';
import { click, description, field, render, typeInto, unmount } from './dom-test-utils.ts';
import { OWNER_FORMS } from './owner-forms.ts';
import { requiredNotBlank } from './required-fields.ts';
import { AUTOSAVE_DELAY_MS } from './use-autosave.ts';

function formOf(name: FormName) {
  const { schema, uiSchema } = FORMS[name] as unknown as { schema: RJSFSchema; uiSchema: UiSchema };
  return { schema, uiSchema, validator: createContentValidator(schema, validatorFor(name)) };
}

/** The fields a schema's `then`/`else` governs: blank or not depends on other fields. */
function conditional(schema: RJSFSchema): string[] {
  return [schema.then, schema.else].flatMap((branch) =>
    branch && typeof branch === 'object'
      ? [...Object.keys(branch.properties ?? {}), ...(branch.required ?? [])]
      : [],
  );
}

/**
 * Every required text of every form, with a value that fills its form otherwise. Those a rule
 * across fields governs (an active pop-up's texts) are tested with that rule
 * (src/admin/modal/modal-form.test.tsx).
 */
const REQUIRED_TEXTS = OWNER_FORMS.flatMap((name) => {
  const { schema } = FORMS[name] as unknown as { schema: RJSFSchema };
  const properties = (schema.properties ?? {}) as Record<string, RJSFSchema>;
  return (schema.required ?? [])
    .filter((key) => properties[key]?.type === 'string' && !conditional(schema).includes(key))
    .map((key) => [name, key] as const);
});

afterEach(async () => {
  await unmount();
  vi.useRealTimers();
});

describe('a required text', () => {
  it.each(REQUIRED_TEXTS)('%s: %s left blank is refused in French', (name, key) => {
    const { schema, uiSchema, validator } = formOf(name);
    const data = { ...(schema.default as Record<string, unknown>), [key]: ' ' };
    const { errorSchema } = validator.validateFormData(
      data,
      withoutConditions(schema),
      requiredNotBlank(schema),
      undefined,
      uiSchema,
    );
    const errors = (errorSchema as Record<string, { __errors?: string[] }>)[key]?.__errors ?? [];
    expect(errors.length).toBeGreaterThan(0);
  });
});

describe('the alert editor (autosave)', () => {
  const start: AlertContent = {
    active: true,
    message: 'Fermé lundi',
    type: 'info',
    permanent: false,
  };

  async function renderAlert(onSave: (alert: AlertContent) => Promise<void>) {
    const { schema, uiSchema, validator } = formOf('alert');
    return render(
      <ContentEditor<AlertContent>
        schema={schema}
        uiSchema={uiSchema}
        validator={validator}
        initialData={start}
        onSave={onSave}
        autosave
      />,
    );
  }
  const status = (page: HTMLElement) => page.querySelector('[role="status"]')?.textContent;

  it('saves a change shortly after it, without a Save button', async () => {
    vi.useFakeTimers();
    const onSave = vi.fn(async () => {});
    const page = await renderAlert(onSave);
    expect(page.querySelector('button[type="submit"]')).toBeNull();
    await typeInto(field(page, 'Message'), 'Fermé mardi');
    expect(status(page)).toBe('Modifications en attente d’enregistrement…');
    await act(async () => vi.advanceTimersByTime(AUTOSAVE_DELAY_MS));
    expect(onSave).toHaveBeenCalledWith({ ...start, message: 'Fermé mardi' });
    expect(status(page)).toBe('✓ Enregistré');
  });

  it('saves a blank message once the alert is switched off', async () => {
    vi.useFakeTimers();
    const onSave = vi.fn(async () => {});
    const page = await renderAlert(onSave);
    // rjsf's checkboxes are labelled by the <label> around them.
    const active = [...page.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].find(
      (box) => box.closest('label')?.textContent?.includes('Activer l'),
    )!;
    await click(active);
    await typeInto(field(page, 'Message'), '');
    await act(async () => vi.advanceTimersByTime(AUTOSAVE_DELAY_MS));
    expect(onSave).toHaveBeenLastCalledWith({ ...start, active: false, message: '' });
    expect(status(page)).toBe('✓ Enregistré');
  });

  it('does not save a blank message while the alert is shown, and says why', async () => {
    vi.useFakeTimers();
    const onSave = vi.fn(async () => {});
    const page = await renderAlert(onSave);
    await typeInto(field(page, 'Message'), '   ');
    await act(async () => vi.advanceTimersByTime(AUTOSAVE_DELAY_MS * 2));
    expect(onSave).not.toHaveBeenCalled();
    expect(status(page)).toBe('Modifications non enregistrées : corrigez les champs signalés.');
    // The schema's own sentence (schemas/alert.schema.json), the database's too.
    expect(description(field(page, 'Message'))).toBe(
      FORMS.alert.schema.then.properties.message['x-message'],
    );
  });
});
