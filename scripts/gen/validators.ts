import Ajv from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { FORMATS } from './formats.ts';
import { withoutExtensions } from './keywords.ts';
import { camel, type JsonSchema, type LoadedSchema } from './load.ts';

/**
 * The one ajv set-up: the generator compiles with it, and it checks the schemas' own defaults.
 * Its choices are the database check's (scripts/gen/sql.ts): patterns and formats in Unicode mode,
 * lengths in code points (ajv's `unicode`, the default), `multipleOf` within 1e-9.
 */
export function makeAjv(source: boolean): Ajv {
  const ajv = new Ajv({
    code: source ? { source: true, esm: true } : {},
    allErrors: true,
    strict: true,
    allowUnionTypes: true,
    unicodeRegExp: true,
    multipleOfPrecision: 9,
  });
  for (const [name, { pattern, flags }] of Object.entries(FORMATS)) {
    ajv.addFormat(name, new RegExp(pattern, `${flags}u`));
  }
  return ajv;
}

/** What ajv compiles: the schema without its `x-` annotations, which strict mode would refuse. */
export const ajvSchema = (schema: JsonSchema) => withoutExtensions(schema);

/**
 * Precompiled validators as one ES module with no imports and no `eval` at run time (safe under a
 * strict Content-Security-Policy). Each export is named after its schema, e.g. `hero`, `blogPost`.
 */
export function validatorsModule(schemas: LoadedSchema[]): string {
  const ajv = makeAjv(true);
  for (const { schema } of schemas) ajv.addSchema(ajvSchema(schema));
  const exports = Object.fromEntries(schemas.map(({ name }) => [camel(name), name]));
  // ajv's one runtime helper, inlined so the module has no imports: lengths in code points, as
  // PostgreSQL's char_length counts them in the database check.
  const code = standaloneCode(ajv, exports).replace(
    /require\("ajv\/dist\/runtime\/ucs2length"\)\.default/g,
    '((text) => Array.from(text).length)',
  );
  if (/\brequire\(/.test(code)) {
    throw new Error(
      'Le code des validateurs dépend d’un module externe (require) : format non pris en charge ?',
    );
  }
  return code.replace(/^"use strict";/, '');
}

export function validatorsDeclarations(schemas: LoadedSchema[]): string {
  const lines = [
    "import type { ErrorObject } from 'ajv';",
    '',
    'export interface CompiledValidator {',
    '  (data: unknown): boolean;',
    '  errors?: ErrorObject[] | null;',
    '}',
    '',
    ...schemas.map(({ name }) => `export const ${camel(name)}: CompiledValidator;`),
  ];
  return lines.join('\n') + '\n';
}

/**
 * Every content type's default must be valid, or the site's fallback would itself be invalid.
 * (A form's default is its empty starting state, which is not meant to be valid.)
 */
export function checkDefaults(schemas: LoadedSchema[]): string[] {
  const ajv = makeAjv(false);
  const problems: string[] = [];
  for (const { name, schema, kind } of schemas) {
    if (kind === 'form') continue;
    const validate = ajv.compile(ajvSchema(schema));
    if (schema.default === undefined)
      problems.push(`${name} : pas de valeur par défaut ("default").`);
    else if (!validate(schema.default)) {
      problems.push(
        `${name} : la valeur par défaut est invalide : ${ajv.errorsText(validate.errors)}`,
      );
    }
  }
  return problems;
}
