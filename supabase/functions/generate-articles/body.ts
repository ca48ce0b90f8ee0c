/** The body of a generate-articles call: `{ count?, model?, apiKey? }`. */
export const MODELS = ['gpt-4', 'gpt-4-turbo', 'gpt-3.5-turbo'] as const;
export type Model = (typeof MODELS)[number];
export const DEFAULT_MODEL: Model = 'gpt-4';
export const DEFAULT_COUNT = 4;
export const MAX_COUNT = 10;

/** The message for a missing or malformed key, shown as is by the panel. */
export const INVALID_KEY = 'Clé API OpenAI invalide ou manquante';

export interface ValidBody {
  count: number;
  model: Model;
  apiKey: string | undefined;
}

/** Checks the body `{ count?, model?, apiKey? }`; a string is the French reason it is refused. */
export function validateBody(body: unknown): ValidBody | string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return 'Corps de requête invalide : un objet JSON {"count", "model", "apiKey"} est attendu.';
  }
  const { count = DEFAULT_COUNT, model = DEFAULT_MODEL, apiKey } = body as Record<string, unknown>;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > MAX_COUNT) {
    return `Nombre d'articles invalide : un entier de 1 à ${MAX_COUNT} est attendu.`;
  }
  if (typeof model !== 'string' || !(MODELS as readonly string[]).includes(model)) {
    return `Modèle invalide : choisissez ${MODELS.join(', ')}.`;
  }
  if (apiKey !== undefined && apiKey !== null && apiKey !== '') {
    if (typeof apiKey !== 'string' || !apiKey.startsWith('sk-') || /\s/.test(apiKey)) {
      return INVALID_KEY;
    }
  }
  return {
    count,
    model: model as Model,
    apiKey: typeof apiKey === 'string' && apiKey !== '' ? apiKey : undefined,
  };
}
