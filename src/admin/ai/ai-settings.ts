/**
 * Pure rules of the AI article panel (docs/product.md#ai-article-generation), kept apart from
 * React for tests.
 */

export const AI_MODELS = ['gpt-4', 'gpt-4-turbo', 'gpt-3.5-turbo'] as const;
export type AiModel = (typeof AI_MODELS)[number];
export const DEFAULT_AI_MODEL: AiModel = 'gpt-4';
/** The only AI value the browser keeps. */
export const AI_MODEL_STORAGE_KEY = 'ai_model';

export const MIN_COUNT = 1;
export const MAX_COUNT = 10;
export const DEFAULT_COUNT = 4;

/** The panel's messages, verbatim (docs/product.md#ai-article-generation). */
export const AI_MESSAGES = {
  keyLoadFailed: '❌ Erreur lors du chargement de la clé API',
  noKey: 'ℹ️ Veuillez entrer votre clé API OpenAI',
  keyPrefix: '❌ Clé API OpenAI invalide. Elle doit commencer par "sk-"',
  keySaveFailed: '❌ Erreur lors de la sauvegarde de la clé',
  keySaved: '✅ Clé OpenAI enregistrée !',
  keyMissing: 'Clé API OpenAI invalide ou manquante',
  generationFailed: 'Erreur lors de la génération',
  notConfigured: 'Supabase non configuré',
} as const;

export const serverErrorMessage = (status: number) => `Erreur serveur: ${status}`;
export const generatedMessage = (n: number) => `✅ ${n} article(s) généré(s) avec succès !`;
export const generateLabel = (n: number) => `Générer ${n} article(s)`;
/** Only the key-saved success message clears itself, after 3 seconds. */
export const KEY_SAVED_CLEAR_MS = 3_000;

export type MessageTone = 'error' | 'info' | 'success';

/** The colour rule: red if the text holds ❌, blue if it holds ℹ️, else green. */
export function toneOf(text: string): MessageTone {
  if (text.includes('❌')) return 'error';
  if (text.includes('ℹ️')) return 'info';
  return 'success';
}

export function isAiModel(value: unknown): value is AiModel {
  return typeof value === 'string' && (AI_MODELS as readonly string[]).includes(value);
}

/**
 * The stored model, or gpt-4. An invalid stored value is removed. Storage that cannot
 * be used (private mode, blocked) is ignored: the panel still works with gpt-4.
 */
export function readStoredModel(storage: Storage | undefined): AiModel {
  try {
    const value = storage?.getItem(AI_MODEL_STORAGE_KEY) ?? null;
    if (value === null) return DEFAULT_AI_MODEL;
    if (isAiModel(value)) return value;
    storage?.removeItem(AI_MODEL_STORAGE_KEY);
  } catch {
    // storage unavailable
  }
  return DEFAULT_AI_MODEL;
}

export function storeModel(storage: Storage | undefined, model: AiModel): void {
  try {
    storage?.setItem(AI_MODEL_STORAGE_KEY, model);
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
}

/** The count from the number field, kept within 1–10 (4 when not a number). */
export function clampCount(raw: string | number): number {
  const n = typeof raw === 'number' ? raw : Number.parseInt(raw, 10);
  if (!Number.isFinite(n)) return DEFAULT_COUNT;
  return Math.min(MAX_COUNT, Math.max(MIN_COUNT, Math.trunc(n)));
}

/** A stored key shown without its secret part: 'sk-…abcd'. */
export function maskKey(key: string): string {
  const prefix = key.startsWith('sk-') ? 'sk-' : '';
  return key.length >= 12 ? `${prefix}…${key.slice(-4)}` : `${prefix}…`;
}

/**
 * The message for a failed generation: the server's error text, else
 * 'Erreur serveur: {status}', else 'Erreur lors de la génération'.
 */
export async function generationErrorText(error: unknown, data: unknown): Promise<string> {
  const fromBody = (body: unknown) =>
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { error?: unknown }).error === 'string'
      ? (body as { error: string }).error.trim() || undefined
      : undefined;
  if (!error) return fromBody(data) ?? AI_MESSAGES.generationFailed;
  const context = (error as { context?: unknown }).context;
  if (context instanceof Response) {
    try {
      const text = fromBody(await context.clone().json());
      if (text) return text;
    } catch {
      // not JSON: the status is all there is
    }
    return serverErrorMessage(context.status);
  }
  return AI_MESSAGES.generationFailed;
}
