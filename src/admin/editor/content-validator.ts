import type { ErrorTransformer, RJSFSchema, RJSFValidationError, ValidatorType } from '@rjsf/utils';
import { schemaParser } from '@rjsf/utils';
// The deep path keeps ajv itself (and its run-time compiler) out of the admin bundle.
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { ErrorObject } from 'ajv';
import { describeErrors } from '../../content/errors.ts';
import type { CompiledValidator } from '../../content/generated/validators.js';

/** Keywords of a rule that holds only in some cases (see scripts/gen/keywords.ts). */
const CONDITIONAL = new Set(['if', 'then', 'else']);
/** Keywords whose keys are names (a property may be called `then`)… */
const NAMED = new Set(['properties', 'definitions', '$defs']);
/** …and keywords that hold values, not sub-schemas. */
const VALUES = new Set(['default', 'enum', 'const', 'examples']);

/**
 * The schema as the form lays it out: without `if`/`then`/`else` at any depth. Those only add
 * rules to fields the form shows anyway (« an active pop-up needs a title »); the generated
 * validator, which has them, still checks every value, and its errors show under their fields.
 * rjsf would otherwise test each `if` on its own while laying out the form, for which it needs a
 * validator per sub-schema and would change nothing shown.
 */
export function withoutConditions(schema: RJSFSchema): RJSFSchema {
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (CONDITIONAL.has(key)) continue;
      if (NAMED.has(key) && value && typeof value === 'object') {
        out[key] = Object.fromEntries(Object.entries(value).map(([name, v]) => [name, strip(v)]));
      } else {
        out[key] = VALUES.has(key) ? value : strip(value);
      }
    }
    return out;
  };
  return strip(schema) as RJSFSchema;
}

/**
 * rjsf's validator for one schema, built on the validator `npm run gen` already generated for it
 * (src/content/generated/validators.js: ajv standalone code with our formats, no `eval`).
 *
 * Why not a second set of rjsf-specific generated validators: rjsf's precompiled validator only
 * needs extra functions for the sub-schemas it tests with `isValid()` (oneOf, anyOf, if/then,
 * dependencies). Our forms lay out no oneOf, anyOf nor dependencies, and their if/then are left
 * out of the layout (`withoutConditions`), so the one function per schema is all it asks for, and
 * the editor checks exactly what the public site and the database check. `schemaParser` lists
 * the sub-schemas rjsf would test; a schema that needs any is refused here, loudly, instead of
 * failing later inside the form. The form must be given `withoutConditions(schema)` too.
 */
export function createContentValidator(
  schema: RJSFSchema,
  validate: CompiledValidator,
): ValidatorType {
  const id = schema.$id;
  if (!id) throw new Error('Le schéma du formulaire doit avoir un "$id".');
  const layout = withoutConditions(schema);
  const needed = Object.keys(schemaParser(layout)).filter((key) => key !== id);
  if (needed.length) {
    throw new Error(
      `Le schéma « ${id} » utilise oneOf, anyOf ou dependencies : ` +
        'générez des validateurs rjsf dédiés (compileSchemaValidatorsCode).',
    );
  }
  return createPrecompiledValidator({ [id]: validate }, layout);
}

function pointerOf(property: string | undefined): string {
  const parts = (property ?? '').split('.').filter(Boolean);
  return parts.map((part) => `/${part}`).join('');
}

/**
 * rjsf's `transformErrors`: our French wording (src/content/errors.ts), one message per field, and
 * the field's title restored in the summary text (`stack`), which ajv's localized messages lose.
 */
export function frenchErrors(schema: RJSFSchema): ErrorTransformer {
  return (errors) => {
    const seen = new Set<string>();
    const result: RJSFValidationError[] = [];
    for (const error of errors) {
      const property = error.property ?? '';
      if (seen.has(property)) continue;
      seen.add(property);
      // rjsf has already moved a `required` error onto the missing property.
      const ajvError = {
        keyword: error.name ?? '',
        instancePath: pointerOf(property),
        params: { ...(error.params as object), missingProperty: undefined },
        schemaPath: error.schemaPath ?? '',
      } as ErrorObject;
      const [problem] = describeErrors([ajvError], schema);
      if (!problem) continue;
      result.push({
        ...error,
        message: problem.message,
        title: problem.field,
        stack: problem.field ? `${problem.field} : ${problem.message}` : problem.message,
      });
    }
    return result;
  };
}
