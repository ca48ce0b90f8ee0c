import type { ErrorObject } from 'ajv';
import localizeFr from 'ajv-i18n/localize/fr';

/** A validation problem in words an owner understands, tied to the field it concerns. */
export interface FieldProblem {
  /** JSON pointer of the field, e.g. `/options/1/title`. */
  pointer: string;
  /** The field's French title from the schema, when it has one. */
  field: string | undefined;
  message: string;
}

const FORMAT_MESSAGES: Record<string, string> = {
  email: 'Saisissez une adresse e-mail valide (par exemple contact@garage.fr).',
  uri: 'Saisissez une adresse web complète, commençant par https://.',
  'uri-reference': 'Saisissez une adresse web (https://…) ou un chemin commençant par /.',
  'date-time': 'Saisissez une date et une heure valides.',
};

const REQUIRED = 'Ce champ est obligatoire.';

/** Our wording for the rules our schemas use; ajv-i18n's French for anything else. */
export function frenchMessage(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return REQUIRED;
    case 'minLength':
      return params.limit === 1
        ? REQUIRED
        : `Saisissez au moins ${String(params.limit)} caractères.`;
    case 'maxLength':
      return `Saisissez au plus ${String(params.limit)} caractères.`;
    case 'pattern':
      if (params.pattern === '\\S') return REQUIRED;
      if (params.pattern === '^https?://')
        return 'L’adresse doit commencer par http:// ou https://.';
      if (params.pattern === '^https://')
        return 'L’adresse doit commencer par https:// : le site n’affiche pas les adresses http://.';
      return 'Ce texte n’a pas le format attendu.';
    case 'format':
      return FORMAT_MESSAGES[String(params.format)] ?? 'Ce texte n’a pas le format attendu.';
    case 'enum':
      return 'Choisissez une des valeurs proposées.';
    case 'minItems':
    case 'maxItems':
      return `Cette liste doit contenir ${error.keyword === 'minItems' ? 'au moins' : 'au plus'} ${String(params.limit)} éléments.`;
    case 'additionalProperties':
      return `Champ inconnu : ${String(params.additionalProperty)}.`;
    case 'type':
      return 'Valeur invalide pour ce champ.';
    default: {
      const copy = [{ ...error }];
      localizeFr(copy);
      return copy[0]!.message ?? 'Valeur invalide.';
    }
  }
}

type Node = Record<string, unknown> & {
  properties?: Record<string, Node>;
  items?: Node;
  $ref?: string;
  definitions?: Record<string, Node>;
  title?: string;
};

/** The sub-schema at a JSON pointer, following local `$ref`s. */
function schemaAt(root: Node, pointer: string): Node | undefined {
  const deref = (node: Node | undefined): Node | undefined => {
    const ref = node?.$ref;
    return typeof ref === 'string' ? root.definitions?.[ref.replace('#/definitions/', '')] : node;
  };
  let node = deref(root);
  for (const part of pointer.split('/').slice(1)) {
    if (!node) return undefined;
    node = deref(/^\d+$/.test(part) && node.items ? node.items : node.properties?.[part]);
  }
  return node;
}

/**
 * The schema's own wording for a failed rule: the `x-message` beside the keyword at ajv's
 * `schemaPath` (« #/definitions/template/properties/body/allOf/0/pattern »), as the database check
 * gives it (scripts/gen/sql-checks.ts).
 */
function ownMessage(root: Node, schemaPath: string): string | undefined {
  const parts = schemaPath.replace(/^#\/?/, '').split('/').filter(Boolean).slice(0, -1);
  let node: unknown = root;
  for (const part of parts) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  const message = (node as Record<string, unknown> | undefined)?.['x-message'];
  return typeof message === 'string' ? message : undefined;
}

/** One problem per field (the first), in the order ajv found them. */
export function describeErrors(errors: readonly ErrorObject[], schema: object): FieldProblem[] {
  const seen = new Map<string, FieldProblem>();
  for (const error of errors) {
    // « must match "then" » only repeats, at the object, the problems of its fields reported with it.
    if (error.keyword === 'if') continue;
    const missing = (error.params as { missingProperty?: string }).missingProperty;
    const pointer =
      error.keyword === 'required' && missing
        ? `${error.instancePath}/${missing}`
        : error.instancePath;
    if (seen.has(pointer)) continue;
    seen.set(pointer, {
      pointer,
      field: schemaAt(schema as Node, pointer)?.title,
      message: ownMessage(schema as Node, error.schemaPath ?? '') ?? frenchMessage(error),
    });
  }
  return [...seen.values()];
}
