// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { FORMS } from '../../../content/generated/forms.ts';
import { buttons, field, groups, renderForm, textOf, type } from './test-form.tsx';

const { schema, uiSchema } = FORMS.financing;
let view: Awaited<ReturnType<typeof renderForm>>;
afterEach(() => view.unmount());

const slots = () => view.container.querySelector('.fixed-slots') as HTMLElement;
const slot = (n: number) => {
  const [found] = groups(slots(), `Option ${n}`);
  if (!found) throw new Error(`No slot ${n}`);
  return found;
};
type Option = { title?: string; description?: string };
const options = () => view.data().options as Option[];

describe('fixedSlots', () => {
  it('shows exactly three option groups with their title and description, and no add or remove', async () => {
    view = await renderForm({ schema, uiSchema, formData: structuredClone(schema.default) });
    expect(textOf(slots().querySelector('legend'))).toBe('Options de financement');
    expect([...slots().querySelectorAll('.fixed-slots__slot > legend')].map(textOf)).toEqual([
      'Option 1',
      'Option 2',
      'Option 3',
    ]);
    expect((field(slot(2), "Titre de l'option") as HTMLInputElement).value).toBe('LOA');
    const description = field(slot(3), "Description de l'option");
    expect(description.tagName).toBe('TEXTAREA');
    expect(description.getAttribute('rows')).toBe('2');
    expect(buttons(slots(), '')).toEqual([]);
  });

  it('edits one option and leaves the others', async () => {
    view = await renderForm({ schema, uiSchema, formData: structuredClone(schema.default) });
    await type(field(slot(2), "Titre de l'option"), 'Location avec option d’achat');
    expect(options().map((option) => option.title)).toEqual([
      'Crédit classique',
      'Location avec option d’achat',
      'LLD',
    ]);
    expect(options()[1]?.description).toBe(schema.default.options[1].description);
  });

  it('shows an error next to the input it concerns', async () => {
    view = await renderForm({ schema, uiSchema, formData: structuredClone(schema.default) });
    await type(field(slot(3), "Description de l'option"), '');
    await view.validate();
    const description = field(slot(3), "Description de l'option");
    const errors = slot(3).querySelector('.error-detail');
    expect(errors).not.toBeNull();
    expect(description.getAttribute('aria-describedby')).toContain(errors?.id);
    expect(field(slot(3), "Titre de l'option").getAttribute('aria-describedby')).not.toContain(
      errors?.id,
    );
    expect(slot(1).querySelector('.error-detail')).toBeNull();
  });

  it('offers three slots even when stored content has fewer', async () => {
    const formData = { ...structuredClone(schema.default), options: [schema.default.options[0]] };
    view = await renderForm({ schema, uiSchema, formData });
    expect(slots().querySelectorAll('.fixed-slots__slot')).toHaveLength(3);
    await type(field(slot(3), "Titre de l'option"), 'LLD');
    expect(options()[2]?.title).toBe('LLD');
  });
});
