import type { SupabaseClient } from '@supabase/supabase-js';
import { bearerToken, isAdminRequest } from '../_shared/auth.ts';
import type { FunctionEnv, FunctionHandler } from '../_shared/env.ts';
import { json, preflight } from '../_shared/http.ts';
import { createServiceClient } from '../_shared/supabase.ts';
import {
  completionText,
  MalformedReplyError,
  parseArticles,
  type GeneratedArticle,
} from './parse.ts';
import { buildMessages } from './prompt.ts';

export const MODELS = ['gpt-4', 'gpt-4-turbo', 'gpt-3.5-turbo'] as const;
export type Model = (typeof MODELS)[number];
export const DEFAULT_MODEL: Model = 'gpt-4';
export const DEFAULT_COUNT = 4;
export const MAX_COUNT = 10;
export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';
export const DEFAULT_TIMEOUT_MS = 60_000;

/** Spec §5: the message for a missing or malformed key, shown as is by the panel. */
export const INVALID_KEY = 'Clé API OpenAI invalide ou manquante';

/**
 * The answer to every call: `{ success, error?, articles? }` (DESIGN.md decision 9).
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

function fail(status: number, error: string): Response {
  return json({ success: false, error } satisfies GenerateResult, status);
}

interface ValidBody {
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

/** Where the site's own illustrations are served from, for absolute image URLs. */
function siteOrigin(env: FunctionEnv, req: Request): string {
  for (const candidate of [env.siteUrl, req.headers.get('origin'), req.url]) {
    if (!candidate) continue;
    try {
      const url = new URL(candidate);
      if (url.protocol === 'https:' || url.protocol === 'http:') return url.origin;
    } catch {
      // not a URL: try the next one
    }
  }
  return 'http://localhost';
}

type Upstream = { ok: true; articles: GeneratedArticle[] } | { ok: false; response: Response };

/** Asks the chat-completions API for the articles; every failure becomes a French answer. */
async function askOpenAi(
  env: FunctionEnv,
  { count, model }: ValidBody,
  apiKey: string,
): Promise<Upstream> {
  const base = (env.openaiBaseUrl || DEFAULT_OPENAI_BASE_URL).replace(/\/+$/, '');
  const timeoutMs = env.openaiTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const failed = (status: number, error: string): Upstream => ({
    ok: false,
    response: fail(status, error),
  });

  let reply: Response;
  let raw: string;
  try {
    // The signal also bounds reading the body: a reply that stalls halfway times out too.
    const signal = AbortSignal.timeout(timeoutMs);
    reply = await fetch(`${base}/chat/completions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ model, messages: buildMessages(count), temperature: 0.7 }),
      signal,
    });
    raw = await reply.text();
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'TimeoutError' || name === 'AbortError') {
      console.error(`generate-articles : pas de réponse d'OpenAI en ${timeoutMs} ms.`);
      return failed(
        504,
        `Le service OpenAI n'a pas répondu à temps (délai de ${Math.ceil(timeoutMs / 1000)} s dépassé). Aucun article n'a été créé ; réessayez plus tard.`,
      );
    }
    console.error(
      'generate-articles : OpenAI injoignable :',
      error instanceof Error ? error.message : error,
    );
    return failed(502, 'Impossible de joindre le service OpenAI. Réessayez plus tard.');
  }

  if (!reply.ok) {
    // The status only: OpenAI's error text may quote part of the key.
    console.error(`generate-articles : OpenAI a répondu ${reply.status}.`);
    const status = reply.status;
    if (status === 401 || status === 403) {
      return failed(
        502,
        `Clé API OpenAI refusée par OpenAI (erreur ${status}) : vérifiez la clé saisie ou enregistrée.`,
      );
    }
    if (status === 429) {
      return failed(
        429,
        'Quota OpenAI dépassé ou trop de requêtes (erreur 429) : vérifiez le crédit de votre compte OpenAI ou réessayez dans quelques minutes.',
      );
    }
    if (status === 404) {
      return failed(502, `Le modèle « ${model} » n'est pas disponible avec cette clé API OpenAI.`);
    }
    if (status >= 500) {
      return failed(
        503,
        `Le service OpenAI est momentanément indisponible (erreur ${status}). Réessayez plus tard.`,
      );
    }
    return failed(502, `Le service OpenAI a refusé la requête (erreur ${status}).`);
  }

  try {
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      throw new MalformedReplyError(
        "Réponse illisible du service OpenAI : ce n'est pas du JSON. Aucun article n'a été créé ; réessayez.",
      );
    }
    return { ok: true, articles: parseArticles(completionText(body), count) };
  } catch (error) {
    if (error instanceof MalformedReplyError) {
      console.error('generate-articles : réponse inutilisable :', error.message);
      return failed(502, error.message);
    }
    throw error;
  }
}

/** The stored 'openai' key (api_keys, read as the service role); `null` when there is none. */
async function storedKey(
  supabase: SupabaseClient,
): Promise<{ key: string | null } | { error: true }> {
  const { data, error } = await supabase
    .from('api_keys')
    .select('key')
    .eq('name', 'openai')
    .maybeSingle<{ key: string }>();
  if (error) {
    console.error('generate-articles : lecture de la clé impossible :', error.code, error.message);
    return { error: true };
  }
  return { key: data?.key ?? null };
}

/**
 * generate-articles (DESIGN.md decision 9): for an administrator, asks an OpenAI-compatible API
 * for `count` French articles about car care and repair and stores them as drafts (published_at
 * and scheduled_at null) with unique slugs (the database's slug trigger, decision 5).
 *
 * Key: the `apiKey` of the body, else the stored api_keys 'openai' row. The key is sent to the
 * AI service only; it is never answered, logged or stored by this function.
 *
 * Image: each article gets the site's illustration closest to its theme (the model picks among
 * entretien, freins, pneus, diagnostic), as an absolute URL on the site's origin
 * (`env.siteUrl`, else the caller's Origin, else this request's origin), since the blog-post
 * schema requires an absolute URL. URLs proposed freely by a model are usually invented, so none
 * is accepted.
 */
export function createHandler(env: FunctionEnv): FunctionHandler {
  const supabase = createServiceClient(env);

  return async (req) => {
    if (req.method === 'OPTIONS') return preflight();
    if (req.method !== 'POST') {
      return json({ success: false, error: 'Méthode non autorisée : utilisez POST.' }, 405, {
        Allow: 'POST, OPTIONS',
      });
    }
    if (!bearerToken(req)) {
      return fail(401, 'Authentification requise : connectez-vous au back-office.');
    }
    if (!(await isAdminRequest(req, supabase))) {
      return fail(403, "Accès refusé : la génération d'articles est réservée aux administrateurs.");
    }

    let body: unknown;
    try {
      body = JSON.parse(await req.text());
    } catch {
      return fail(
        400,
        'Corps de requête invalide : JSON attendu, par exemple {"count":4,"model":"gpt-4"}.',
      );
    }
    const valid = validateBody(body);
    if (typeof valid === 'string') return fail(400, valid);

    let apiKey = valid.apiKey;
    if (!apiKey) {
      const stored = await storedKey(supabase);
      if ('error' in stored) {
        return fail(500, 'Impossible de lire la clé API OpenAI enregistrée. Réessayez.');
      }
      apiKey = stored.key ?? undefined;
    }
    if (!apiKey || !apiKey.startsWith('sk-')) return fail(400, INVALID_KEY);

    const upstream = await askOpenAi(env, valid, apiKey);
    if (!upstream.ok) return upstream.response;

    const origin = siteOrigin(env, req);
    const rows = upstream.articles.map((article) => ({
      title: article.title,
      // Empty: the slug trigger builds it from the title and makes it unique (-2, -3, …).
      slug: '',
      excerpt: article.excerpt,
      content: article.content,
      image_url: `${origin}/images/service-${article.image}.svg`,
      published_at: null,
      scheduled_at: null,
    }));
    // One multi-row insert is one SQL statement: every article is stored, or none is.
    const { data, error } = await supabase
      .from('blog_posts')
      .insert(rows)
      .select('id, title, slug');
    if (error || !data) {
      console.error('generate-articles : insertion impossible :', error?.code, error?.message);
      return fail(
        500,
        "Les articles générés n'ont pas pu être enregistrés. Aucun article n'a été créé ; réessayez.",
      );
    }
    return json({
      success: true,
      articles: data as { id: string; title: string; slug: string }[],
    } satisfies GenerateResult);
  };
}
