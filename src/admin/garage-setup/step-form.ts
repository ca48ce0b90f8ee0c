import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { FORMS } from '../../content/generated/forms.ts';
import type { ContentType } from '../../content/generated/types.ts';

/**
 * The generated form of a content type narrowed to some of its top-level fields, for one step of
 * « Mon garage »: the same schema (same `$id`, rules, titles and form hints) with only those
 * properties, in that order, so the step validates and saves exactly as the type's own editor
 * does, and no second model of the content exists (docs/decisions/072-mon-garage.md). `uiSchema`
 * adds the step's own hints over the type's.
 */
export function stepForm(
  type: ContentType,
  fields: readonly string[],
  uiSchema: UiSchema = {},
): { schema: RJSFSchema; uiSchema: UiSchema } {
  const form = FORMS[type] as unknown as { schema: RJSFSchema; uiSchema: UiSchema };
  const properties = form.schema.properties ?? {};
  const unknown = fields.filter((field) => !(field in properties));
  if (unknown.length > 0) {
    throw new Error(`Champs inconnus du type « ${type} » : ${unknown.join(', ')}`);
  }
  const schema: RJSFSchema = {
    ...form.schema,
    properties: Object.fromEntries(fields.map((field) => [field, properties[field]!])),
    required: (form.schema.required ?? []).filter((field) => fields.includes(field)),
  };
  // The root's description speaks of the whole type: the step says what it is for instead.
  delete schema.description;
  const base = Object.fromEntries(
    Object.entries(form.uiSchema).filter(([key]) => key.startsWith('ui:') || fields.includes(key)),
  );
  return {
    schema,
    uiSchema: { ...base, ...uiSchema, 'ui:order': [...fields] },
  };
}
