import type { ErrorTransformer, RJSFSchema, RJSFValidationError, ValidatorType } from '@rjsf/utils';
import { schemaParser } from '@rjsf/utils';
// The deep path keeps ajv itself (and its run-time compiler) out of the admin bundle.
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { ErrorObject } from 'ajv';
import { describeErrors } from '../../content/errors.ts';
import type { CompiledValidator } from '../../content/generated/validators.js';

/**
 * rjsf's validator for one schema, built on the validator `npm run gen` already generated for it
 * (src/content/generated/validators.js: ajv standalone code with our formats, no `eval`).
 *
 * Why not a second set of rjsf-specific generated validators: rjsf's precompiled validator only
 * needs extra functions for the sub-schemas it tests with `isValid()` (oneOf, anyOf, if/then,
 * dependencies). Our schemas use none of these, so the one function per schema is all it asks for,
 * and the editor checks exactly what the public site and the database check. `schemaParser` lists
 * the sub-schemas rjsf would test; a schema that needs any is refused here, loudly, instead of
 * failing later inside the form.
 */
export function createContentValidator(
  schema: RJSFSchema,
  validate: CompiledValidator,
): ValidatorType {
  const id = schema.$id;
  if (!id) throw new Error('Le schéma du formulaire doit avoir un "$id".');
  const needed = Object.keys(schemaParser(schema)).filter((key) => key !== id);
  if (needed.length) {
    throw new Error(
      `Le schéma « ${id} » utilise oneOf, anyOf, if ou dependencies : ` +
        'générez des validateurs rjsf dédiés (compileSchemaValidatorsCode).',
    );
  }
  return createPrecompiledValidator({ [id]: validate }, schema);
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
