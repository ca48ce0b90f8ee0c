import type { SupabaseClient } from '@supabase/supabase-js';
import { bearerToken, isAdminRequest } from '../_shared/auth.ts';
import type { FunctionEnv, FunctionHandler } from '../_shared/env.ts';
import { json, preflight } from '../_shared/http.ts';
import { createServiceClient } from '../_shared/supabase.ts';
import { INVALID_KEY, validateBody } from './body.ts';
import { askOpenAi } from './openai.ts';
import { fail, type GenerateResult } from './result.ts';

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
 * generate-articles (docs/decisions/016-ai-article-generation.md): for an administrator, asks an
 * OpenAI-compatible API for `count` French articles about car care and repair and stores them as
 * drafts (published_at and scheduled_at null) with unique slugs (the database's slug trigger,
 * docs/decisions/012-slugs.md).
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
