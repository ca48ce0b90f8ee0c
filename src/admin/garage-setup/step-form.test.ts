import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT } from '../../content/generated/defaults.ts';
import { validatorFor } from '../../content/content.ts';
import { createContentValidator } from '../editor/content-validator.ts';
import { stepForm } from './step-form.ts';

describe('stepForm', () => {
  it('shows only the step’s fields, in its order, with the type’s hints', () => {
    const { schema, uiSchema } = stepForm('identity', ['phone', 'logo']);
    expect(Object.keys(schema.properties!)).toEqual(['phone', 'logo']);
    expect(schema.required).toEqual(['phone', 'logo']);
    expect(uiSchema['ui:order']).toEqual(['phone', 'logo']);
    expect((uiSchema.logo as Record<string, unknown>)['ui:widget']).toBe('imageChoice');
    expect(uiSchema.tagline).toBeUndefined();
  });

  it('validates the whole content with the type’s own rules', () => {
    const { schema } = stepForm('identity', ['phone']);
    const validator = createContentValidator(schema, validatorFor('identity'));
    const good = validator.validateFormData(DEFAULT_CONTENT.identity, schema);
    expect(good.errors).toEqual([]);
    // A field the step does not show is still checked: nothing invalid is saved through a step.
    const bad = validator.validateFormData({ ...DEFAULT_CONTENT.identity, siret: '12' }, schema);
    expect(bad.errors.map((error) => error.property)).toContain('.siret');
  });

  it('refuses a field the type does not have', () => {
    expect(() => stepForm('pricing', ['t1', 'rate'])).toThrow('rate');
  });
});
