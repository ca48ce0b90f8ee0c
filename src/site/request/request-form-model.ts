import requestSchema from '../../../schemas/forms/request.schema.json' with { type: 'json' };
import type { HalfDayLoad } from '../../lib/hours/half-days.ts';
import type { SourceFields } from '../../lib/request-source.ts';

/**
 * The request form's model, shared by the page (server-rendered and hydrated) and the server's
 * no-JavaScript handler (server/requests/form-post.ts): the fields as the plain form posts them,
 * their labels from the schema, and the payload of `submit_request`
 * (docs/decisions/037-request-form-page.md).
 */

const PROPERTIES = requestSchema.properties;
const DATE_ITEM = PROPERTIES.preferred_dates.items;

/**
 * Up to three preferred half-days: `date_1`, `date_2`… each a choice among the half-days offered
 * (« 2026-12-03|matin », see halfDayValue); a `moment_n` beside a plain day is still read.
 */
export const PREFERRED_DATE_FIELDS = PROPERTIES.preferred_dates.maxItems;

/** The text fields, in the form's order, named as the schema names them. */
export const TEXT_FIELDS = [
  'name',
  'phone',
  'email',
  'vehicle_make',
  'vehicle_model',
  'vehicle_year',
  'plate',
  'service',
  'message',
] as const satisfies readonly (keyof typeof PROPERTIES)[];

export type TextField = (typeof TEXT_FIELDS)[number];

/** The moment of a preferred day, as the schema lists them. */
export type Moment = (typeof DATE_ITEM.properties.moment.enum)[number];
export const MOMENTS = DATE_ITEM.properties.moment.enum as readonly Moment[];
export const MOMENT_LABELS: Record<Moment, string> = {
  journee: 'Journée',
  matin: 'Matin',
  'apres-midi': 'Après-midi',
};

/** The fields the schema requires (the form marks them with *). */
export const REQUIRED_FIELDS: readonly string[] = requestSchema.required;

/** The choice for a need that is not among the services. */
export const OTHER_SERVICE = 'Autre';

export interface PreferredDay {
  date: string;
  moment: Moment;
}

/** What the visitor typed, as the form holds it (texts as typed, the box ticked or not). */
export type RequestFormValues = Record<TextField, string> & {
  dates: PreferredDay[];
  consent: boolean;
};

/** A field an input names: a text field, `consent`, or one day's `date_n`/`moment_n`. */
export type FormField = TextField | 'consent' | `date_${number}` | `moment_${number}`;

/** Every input, in the form's order (the order of its problems). */
export const FORM_ORDER: readonly FormField[] = [
  ...TEXT_FIELDS.filter((field) => field !== 'message'),
  ...Array.from({ length: PREFERRED_DATE_FIELDS }, (_, index) => [
    `date_${index + 1}` as const,
    `moment_${index + 1}` as const,
  ]).flat(),
  'message',
  'consent',
];

/** One problem, tied to the input it concerns (null: the whole form). */
export interface FormProblem {
  field: FormField | null;
  message: string;
}

/**
 * The form's state, as the server rendered it: the values kept after a refused post, its
 * problems, whether it was sent, when the form was shown (the minimum fill time) and which day it
 * was then in Paris (the days the date fields offer).
 */
export interface RequestFormState {
  values: RequestFormValues;
  problems: FormProblem[];
  sent: boolean;
  /**
   * When the form was shown, signed by the database (public.request_form_start): « ms.hmac ».
   * Null when the page was made without the database; the browser then asks for one.
   */
  startedAt: string | null;
  /** The day in Paris when the form was shown (yyyy-mm-dd). */
  today: string;
  /**
   * How many appointments take each half-day from `today` on (public.half_day_load), to offer
   * only those with room left; null or absent when not read yet (the browser then asks).
   */
  load?: HalfDayLoad[] | null;
  /**
   * Where the visitor came from, for the two hidden fields (src/lib/request-source.ts): what the
   * server read from the page's Referer and address, or what a post without JavaScript sent.
   */
  source?: SourceFields | null;
}

/** What a signed start looks like (the database alone says whether it signed it). */
export const SIGNED_START = /^\d{1,15}\.[0-9a-f]{64}$/;

export const requestFormKeys = {
  state: ['request-form'] as const,
};

/** The French label of a schema field. */
export function fieldTitle(field: TextField | 'consent' | 'preferred_dates'): string {
  return PROPERTIES[field].title;
}

export const DAY_TITLE = DATE_ITEM.properties.date.title;
export const MOMENT_TITLE = DATE_ITEM.properties.moment.title;
export const CONSENT_TEXT = PROPERTIES.consent.description;

const isMoment = (value: string | undefined): value is Moment =>
  (MOMENTS as readonly string[]).includes(value ?? '');

/** A half-day as a choice's value: « 2026-12-03|matin »; '' for no choice. */
export function halfDayValue(day: PreferredDay): string {
  return day.date ? `${day.date}|${day.moment}` : '';
}

/** A choice's value read back (a plain day with `moment` beside it, as older pages sent it). */
export function preferredDayOf(value: string, moment?: string): PreferredDay {
  const [date = '', chosen] = value.split('|');
  const named = chosen ?? moment;
  return { date, moment: isMoment(named) ? named : 'journee' };
}

export function emptyValues(): RequestFormValues {
  const values = Object.fromEntries(TEXT_FIELDS.map((field) => [field, ''])) as Record<
    TextField,
    string
  >;
  return {
    ...values,
    dates: Array.from({ length: PREFERRED_DATE_FIELDS }, () => ({ date: '', moment: 'journee' })),
    consent: false,
  };
}

export function freshFormState(
  startedAt: string | null,
  today: string,
  source: SourceFields | null = null,
): RequestFormState {
  return { values: emptyValues(), problems: [], sent: false, startedAt, today, source };
}

/** The values of a posted form; `read` gives one field's text, undefined when it was not sent. */
export function valuesFromFields(read: (name: string) => string | undefined): RequestFormValues {
  const values = emptyValues();
  for (const field of TEXT_FIELDS) values[field] = read(field) ?? '';
  values.dates = values.dates.map((_, index) =>
    preferredDayOf(read(`date_${index + 1}`) ?? '', read(`moment_${index + 1}`)),
  );
  values.consent = read('consent') !== undefined;
  return values;
}

/**
 * The payload of submit_request: the schema's names, the year as a number when it is one, the
 * days given (blank ones left out). Blank optional fields and surrounding spaces are the
 * database's to drop, so it sees what was typed.
 */
export function payloadFromValues(values: RequestFormValues): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) payload[field] = values[field];
  const year = values.vehicle_year.trim();
  if (year) payload.vehicle_year = /^\d{1,6}$/.test(year) ? Number(year) : year;
  else delete payload.vehicle_year;
  payload.preferred_dates = values.dates
    .map((day) => ({ date: day.date.trim(), moment: day.moment }))
    .filter((day) => day.date);
  payload.consent = values.consent;
  return payload;
}
