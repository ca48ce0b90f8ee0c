import type { ErrorObject } from 'ajv';
import requestSchema from '../../../schemas/forms/request.schema.json' with { type: 'json' };
import { request as validateRequest } from '../../content/generated/validator-request.js';
import {
  DAY_TITLE,
  FORM_ORDER,
  MOMENT_TITLE,
  TEXT_FIELDS,
  payloadFromValues,
  type FormField,
  type FormProblem,
  type RequestFormValues,
} from './request-form-model.ts';

/**
 * The form's problems in French, next to their fields: the generated validator of
 * schemas/forms/request.schema.json, worded as the database words the same rules (its check is
 * generated from the same schema), so the visitor reads the same sentence with or without
 * JavaScript; and the database's own refusals placed next to the field they name.
 */

type Node = { title?: string; 'x-message'?: string; maximum?: number; minimum?: number };

const PROPERTIES = requestSchema.properties as Record<string, Node>;
/** The sentence when neither a phone nor an email is given (the schema's `anyOf`). */
const CONTACT_MESSAGE = requestSchema.allOf[0]!['x-message'];

const FORMAT_WORDS: Record<string, string> = {
  email: 'une adresse e-mail valide',
  date: 'une date valide',
};

/** The document the database checks: spaces trimmed, blank optional fields as null. */
function checkedDocument(values: RequestFormValues): Record<string, unknown> {
  const doc = payloadFromValues(values);
  for (const [key, value] of Object.entries(doc)) {
    if (typeof value !== 'string') continue;
    const trimmed = value.trim();
    const optional = !requestSchema.required.includes(key);
    doc[key] = trimmed === '' && optional ? null : trimmed;
  }
  return doc;
}

function sentence(label: string, node: Node | undefined, error: ErrorObject): string {
  if (node?.['x-message']) return node['x-message'];
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${label} est obligatoire.`;
    case 'minLength':
    case 'pattern':
      return params.limit === 1 || params.pattern === '\\S'
        ? `${label} est obligatoire.`
        : `${label} n’a pas le format attendu.`;
    case 'maxLength':
      return `${label} doit contenir au plus ${String(params.limit)} caractères.`;
    case 'format':
      return `${label} doit être ${FORMAT_WORDS[String(params.format)] ?? 'au bon format'}.`;
    case 'type':
      return params.type === 'integer'
        ? `${label} doit être un nombre entier.`
        : `${label} doit être un texte.`;
    case 'minimum':
      return `${label} doit être supérieur ou égal à ${String(params.limit)}.`;
    case 'maximum':
      return `${label} doit être inférieur ou égal à ${String(params.limit)}.`;
    case 'enum':
      return `${label} : choisissez une des valeurs proposées.`;
    default:
      return `${label} n’est pas valide.`;
  }
}

/** The input of one ajv error, with its French sentence; null for an error already said. */
function problemOf(error: ErrorObject, values: RequestFormValues): FormProblem | null {
  // Either a phone or an email: the schema's `anyOf` says it once, next to the phone.
  if (error.schemaPath.startsWith('#/allOf/')) {
    return error.keyword === 'anyOf' ? { field: 'phone', message: CONTACT_MESSAGE } : null;
  }
  const missing = (error.params as { missingProperty?: string }).missingProperty;
  const path = (
    error.keyword === 'required' ? `${error.instancePath}/${missing}` : error.instancePath
  )
    .split('/')
    .slice(1);
  const [key, index, part] = path;
  if (key === 'preferred_dates' && index !== undefined) {
    // Blank days are left out of the payload: the n-th day sent is the n-th one filled.
    const filled = values.dates.flatMap((day, n) => (day.date.trim() ? [n + 1] : []));
    const n = filled[Number(index)] ?? 1;
    const title = part === 'moment' ? MOMENT_TITLE : DAY_TITLE;
    const label = `« ${title} » (date ${n})`;
    const field: FormField = part === 'moment' ? `moment_${n}` : `date_${n}`;
    return { field, message: sentence(label, undefined, error) };
  }
  const node = key ? PROPERTIES[key] : undefined;
  const field = (TEXT_FIELDS as readonly string[]).includes(key ?? '') || key === 'consent';
  // A rule of its own inside the field (control characters) may carry its own sentence.
  const rule = ruleOf(error.schemaPath);
  return {
    field: field ? (key as FormField) : null,
    message: sentence(`« ${node?.title ?? key} »`, rule?.['x-message'] ? rule : node, error),
  };
}

/** The schema node whose keyword an error names (`#/properties/name/allOf/0/pattern`). */
function ruleOf(schemaPath: string): Node | undefined {
  let node: unknown = requestSchema;
  for (const part of schemaPath.split('/').slice(1, -1)) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'object' && node !== null ? (node as Node) : undefined;
}

/** Every field's first problem, in the form's order; empty when the form can be sent. */
export function requestProblems(values: RequestFormValues): FormProblem[] {
  if (validateRequest(checkedDocument(values))) return [];
  const byField = new Map<string, FormProblem>();
  for (const error of validateRequest.errors ?? []) {
    const problem = problemOf(error, values);
    const key = problem?.field ?? '';
    if (problem && !byField.has(key)) byField.set(key, problem);
  }
  const rank = (field: FormField | null) => (field === null ? -1 : FORM_ORDER.indexOf(field));
  return [...byField.values()].sort((a, b) => rank(a.field) - rank(b.field));
}

const REFUSED = /^Demande refusée\s*:\s*/;

/**
 * The refusal of a start the database did not sign (a form shown before the database's secret
 * changed, or a forged one): the form then takes a new start before it is sent again.
 */
export function isExpiredStart(problem: FormProblem): boolean {
  return problem.field === null && /^Le formulaire a expiré/.test(problem.message);
}

const LONG_DAY = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * The date field a refusal of the preferred dates is about: the one whose day it names
 * (« fermé le lundi 25 décembre 2028 »), else the first.
 */
function dateFieldOf(text: string, dates: readonly { date: string }[]): FormField {
  const index = dates.findIndex(
    ({ date }) =>
      /^\d{4}-\d{2}-\d{2}$/.test(date) &&
      text.includes(LONG_DAY.format(new Date(`${date}T12:00:00Z`))),
  );
  return `date_${index >= 0 ? index + 1 : 1}`;
}

/**
 * A refusal of submit_request as a problem: next to the field whose « title » or own sentence it
 * names (for the preferred dates, the date field whose day it names among `dates`), else for the
 * whole form.
 */
export function problemFromRefusal(
  message: string,
  dates: readonly { date: string }[] = [],
): FormProblem {
  const text = message.replace(REFUSED, '');
  const said = text.charAt(0).toUpperCase() + text.slice(1);
  if (text === CONTACT_MESSAGE) return { field: 'phone', message: said };
  for (const [key, node] of Object.entries(PROPERTIES)) {
    const named = text.startsWith(`« ${node.title ?? ''} »`) || text === node['x-message'];
    if (!named) continue;
    if (key === 'preferred_dates') return { field: dateFieldOf(text, dates), message: said };
    const field = (TEXT_FIELDS as readonly string[]).includes(key) || key === 'consent';
    return { field: field ? (key as FormField) : null, message: said };
  }
  return { field: null, message: said };
}
