import type { CustomValidator, FormValidation, RJSFSchema } from '@rjsf/utils';

const REQUIRED = 'Ce champ est obligatoire.';

type Node = RJSFSchema & { properties?: Record<string, RJSFSchema>; items?: RJSFSchema };

/** Whether the schema itself already refuses a blank text (its own message says why). */
const refusesBlank = (schema: RJSFSchema) =>
  (typeof schema.minLength === 'number' && schema.minLength > 0) || schema.pattern !== undefined;

/**
 * The fields whose filling the schema makes depend on other fields, in its `then` and `else`
 * (« an active pop-up needs a title »): the schema's own rule, which the validator applies with
 * its own message, decides whether they may be blank.
 */
function conditionalFields(schema: Node): Set<string> {
  const names = new Set<string>();
  for (const branch of [schema.then, schema.else]) {
    if (!branch || typeof branch !== 'object') continue;
    for (const name of Object.keys(branch.properties ?? {})) names.add(name);
    for (const name of branch.required ?? []) names.add(name);
  }
  return names;
}

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
  const conditional = conditionalFields(schema);
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    if (typeof property !== 'object') continue;
    const field = (errors as unknown as Record<string, FormValidation | undefined>)[key];
    const text = record[key];
    if (schema.required?.includes(key) && typeof text === 'string' && !text.trim()) {
      if (!refusesBlank(property) && !conditional.has(key)) field?.addError(REQUIRED);
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
