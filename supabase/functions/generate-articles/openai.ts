import type { FunctionEnv } from '../_shared/env.ts';
import type { ValidBody } from './body.ts';
import {
  completionText,
  MalformedReplyError,
  parseArticles,
  type GeneratedArticle,
} from './parse.ts';
import { buildMessages } from './prompt.ts';
import { fail } from './result.ts';

export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';
export const DEFAULT_TIMEOUT_MS = 60_000;

export type Upstream =
  { ok: true; articles: GeneratedArticle[] } | { ok: false; response: Response };

/** Asks the chat-completions API for the articles; every failure becomes a French answer. */
export async function askOpenAi(
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
