import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { validatorFor } from '../../content/content.ts';
import { FORMS } from '../../content/generated/forms.ts';
import { hero } from '../../content/generated/validators.js';
import { createContentValidator, frenchErrors } from './content-validator.ts';
import { OWNER_FORMS } from './owner-forms.ts';

const asSchema = (schema: unknown) => schema as RJSFSchema;

describe('createContentValidator', () => {
  it('builds an rjsf validator from every generated validator', () => {
    expect(OWNER_FORMS.length).toBeGreaterThan(1);
    for (const name of OWNER_FORMS) {
      const { schema } = FORMS[name];
      expect(() => createContentValidator(asSchema(schema), validatorFor(name))).not.toThrow();
    }
  });

  it('refuses a schema whose sub-schemas rjsf would validate on their own (oneOf)', () => {
    const schema = asSchema({
      $id: 'choice',
      type: 'object',
      properties: { kind: { oneOf: [{ type: 'string' }, { type: 'number' }] } },
    });
    expect(() => createContentValidator(schema, hero)).toThrow(/oneOf/);
  });

  it('gives our French messages, one per field, with the field title in the summary', () => {
    const schema = asSchema(FORMS.hero.schema);
    const validator = createContentValidator(schema, hero);
    const { errors, errorSchema } = validator.validateFormData(
      { heading: '  ', subheading: 'Sous-titre', description: 'Texte', backgroundImage: 'image' },
      schema,
      undefined,
      frenchErrors(schema),
    );
    expect(errors.map((e) => e.stack)).toEqual([
      'Titre : Ce champ est obligatoire.',
      'Image de fond : Saisissez une adresse web (https://…) ou un chemin commençant par /.',
    ]);
    expect(errorSchema).toEqual({
      heading: { __errors: ['Ce champ est obligatoire.'] },
      backgroundImage: {
        __errors: ['Saisissez une adresse web (https://…) ou un chemin commençant par /.'],
      },
    });
  });
});
