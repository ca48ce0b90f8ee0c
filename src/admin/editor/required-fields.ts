import type { CustomValidator, FormValidation, RJSFSchema } from '@rjsf/utils';

const REQUIRED = 'Ce champ est obligatoire.';

type Node = RJSFSchema & { properties?: Record<string, RJSFSchema>; items?: RJSFSchema };

/** Whether the schema itself already refuses a blank text (its own message says why). */
const refusesBlank = (schema: RJSFSchema) =>
  (typeof schema.minLength === 'number' && schema.minLength > 0) || schema.pattern !== undefined;

function visit(schema: Node, value: unknown, errors: FormValidation | undefined): void {
  if (!errors || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    const items = schema.items;
    if (items && typeof items === 'object' && !Array.isArray(items)) {
      value.forEach((item, index) => visit(items as Node, item, (errors as never)[index]));
    }
    return;
  }
  const record = value as Record<string, unknown>;
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    if (typeof property !== 'object') continue;
    const field = (errors as unknown as Record<string, FormValidation | undefined>)[key];
    const text = record[key];
    if (schema.required?.includes(key) && typeof text === 'string' && !text.trim()) {
      if (!refusesBlank(property)) field?.addError(REQUIRED);
    } else {
      visit(property as Node, text, field);
    }
  }
}

/**
 * rjsf's `customValidate` for every admin form: a field the form marks required (`*`) must not be
 * left blank, stored empty defaults included. JSON Schema's `required` only asks for the key, so a
 * required text whose schema sets no length or pattern would otherwise be saved empty.
 */
export function requiredNotBlank<T>(schema: RJSFSchema): CustomValidator<T> {
  return (data, errors) => {
    visit(schema as Node, data, errors as FormValidation);
    return errors;
  };
}
