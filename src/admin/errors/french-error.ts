/**
 * Every error the back-office shows, in French, saying what to do (docs/product.md#errors). No
 * server or library text reaches the screen, except the database's own refusals of a content,
 * which are written in French for the owner (the content checks in supabase/migrations/).
 */
export const ERROR_MESSAGES = {
  session: 'Votre session a expiré, reconnectez-vous.',
  network: 'Le serveur est injoignable. Vérifiez votre connexion internet, puis réessayez.',
  timeout: 'Le serveur met trop de temps à répondre. Réessayez dans un instant.',
  permission:
    "Votre compte n'a pas le droit de faire cette modification. Reconnectez-vous avec un compte administrateur.",
  conflict:
    'Ce contenu a été modifié ou existe déjà ailleurs. Rechargez la page, puis refaites votre modification.',
  notFound: "Cet élément n'existe plus : il a peut-être été supprimé ailleurs. Rechargez la page.",
  validation:
    "Une valeur saisie n'est pas acceptée. Vérifiez les champs signalés, puis enregistrez à nouveau.",
  tooLarge: 'Ce contenu est trop volumineux. Raccourcissez-le, puis enregistrez à nouveau.',
  tooMany: 'Trop de demandes en peu de temps. Patientez une minute, puis réessayez.',
  server:
    'Le serveur a rencontré un problème. Réessayez dans quelques minutes ; si cela continue, prévenez la personne qui gère le site.',
  unknown: "Une erreur inattendue s'est produite. Réessayez ; si cela continue, rechargez la page.",
} as const;

export type ErrorKind = keyof typeof ERROR_MESSAGES;

interface ErrorShape {
  name?: unknown;
  code?: unknown;
  status?: unknown;
  statusCode?: unknown;
  message?: unknown;
  hint?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function statusOf(error: ErrorShape): number | undefined {
  // supabase-js: `status` on auth and storage errors, the HTTP status. Storage also gives
  // `statusCode`, its own status as text, which says more: hosted Supabase answers most storage
  // errors with HTTP 400 and the real status there (docs/decisions/090-storage-errors-in-english.md).
  for (const value of [error.statusCode, error.status]) {
    const number = Number(value);
    if (value !== undefined && value !== null && Number.isInteger(number) && number > 0) {
      return number;
    }
  }
  return undefined;
}

const SESSION_TEXT =
  /jwt expired|jws|invalid jwt|invalid signature|auth session missing|refresh token|session (?:terminée|expired|not found)/i;
const SESSION_AUTH_CODES = new Set([
  'bad_jwt',
  'session_not_found',
  'session_expired',
  'refresh_token_not_found',
  'refresh_token_already_used',
  'no_authorization',
]);
const NETWORK_TEXT =
  /failed to fetch|networkerror|load failed|fetch failed|network request failed/i;

/**
 * The database's own refusal of a content or a post (errcode 23514 raised by the checks in
 * supabase/migrations/, with a French message and hint): the only server text shown as it is.
 */
export function databaseRefusal(error: unknown): string | null {
  const { code, message, hint } = (error ?? {}) as ErrorShape;
  const reason = text(message).trim();
  if (code !== '23514' || !reason) return null;
  return /refusée? :/.test(reason) || /^Corrigez/.test(text(hint)) ? reason : null;
}

/** What kind of failure an error is, from the shapes supabase-js, PostgREST and fetch give. */
export function errorKind(error: unknown): ErrorKind {
  if (error === undefined || error === null) return 'network';
  const shape = (typeof error === 'object' ? error : { message: String(error) }) as ErrorShape;
  const name = text(shape.name);
  const code = text(shape.code);
  const message = text(shape.message);
  const status = statusOf(shape);

  if (name === 'AbortError' || name === 'TimeoutError' || code === '57014') return 'timeout';
  if (
    code === 'PGRST301' ||
    code === 'PGRST302' ||
    code === 'PGRST303' ||
    name === 'AuthSessionMissingError' ||
    SESSION_AUTH_CODES.has(code) ||
    status === 401 ||
    SESSION_TEXT.test(message)
  ) {
    return 'session';
  }
  if (
    error instanceof TypeError ||
    name === 'AuthRetryableFetchError' ||
    name === 'StorageUnknownError' ||
    name === 'FunctionsFetchError' ||
    (shape.code === '' && !status) ||
    NETWORK_TEXT.test(message)
  ) {
    return 'network';
  }
  if (code === '42501' || status === 403 || /row-level security|permission denied/i.test(message)) {
    return 'permission';
  }
  if (code === '23505' || code === 'PGRST409' || status === 409) return 'conflict';
  if (code === 'PGRST116' || code === 'PGRST205' || status === 404) return 'notFound';
  if (code === '54000' || code === '54001' || status === 413) return 'tooLarge';
  if (status === 429) return 'tooMany';
  if (
    /^(22|23)/.test(code) ||
    /^PGRST1/.test(code) ||
    status === 400 ||
    status === 415 ||
    status === 422
  ) {
    return 'validation';
  }
  if ((status !== undefined && status >= 500) || /^(XX|53|58|08)/.test(code)) return 'server';
  return 'unknown';
}

/** The French sentence shown for any error. */
export function frenchError(error: unknown): string {
  return databaseRefusal(error) ?? ERROR_MESSAGES[errorKind(error)];
}

/** True when the error means the owner must sign in again. */
export function isSessionError(error: unknown): boolean {
  return errorKind(error) === 'session';
}

/** « <what failed>. <what to do> »: a panel's own failure sentence, followed by the French reason. */
export function failureText(what: string, error: unknown): string {
  return `${what}. ${frenchError(error)}`;
}
