import { json } from '../_shared/http.ts';

/**
 * The answer to every call: `{ success, error?, articles? }`
 * (docs/decisions/016-ai-article-generation.md).
 *
 * Status codes (the panel shows `error` whatever the status):
 * - 200 `{ success: true, articles: [{ id, title, slug }] }`: the articles were stored as drafts;
 * - 400 invalid body (count, model, apiKey) or no usable key ('Clé API OpenAI invalide ou manquante');
 * - 401 no bearer token; 403 the caller is not an administrator (a visitor's anon key included);
 * - 405 not POST;
 * - 429 OpenAI's quota or rate limit (its 429);
 * - 500 the stored key could not be read, or the articles could not be stored;
 * - 502 OpenAI refused the key (401/403), the model (404) or the request (other 4xx), could not
 *   be reached, or answered something unusable (not JSON, wrong shape, cut short);
 * - 503 OpenAI answered 5xx; 504 OpenAI did not answer in time (60 s by default).
 * On any failure nothing is stored: the articles are written only after a usable answer, in one
 * multi-row insert (one SQL statement: all of them or none).
 */
export interface GenerateResult {
  success: boolean;
  error?: string;
  articles?: { id: string; title: string; slug: string }[];
}

export function fail(status: number, error: string): Response {
  return json({ success: false, error } satisfies GenerateResult, status);
}
