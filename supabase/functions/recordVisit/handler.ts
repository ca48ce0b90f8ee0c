import type { FunctionEnv, FunctionHandler } from '../_shared/env.ts';
import { json, preflight } from '../_shared/http.ts';
import { createServiceClient } from '../_shared/supabase.ts';

/** The same rule as the table's check constraint: short, lowercase, no personal data fits in it. */
const PAGE = /^[a-z0-9-]{1,64}$/;

/**
 * Records one visit of a page: its name and the time, nothing about the visitor (no address, no
 * user agent, no cookie; docs/decisions/014-visits-and-statistics.md). Visitors cannot write
 * `visits`; this function writes as the service role, and accepts only a well-formed page name.
 */
export function createHandler(env: FunctionEnv): FunctionHandler {
  const supabase = createServiceClient(env);
  /** Stores the visit; says what went wrong, if anything. */
  const store = async (page: string): Promise<string | undefined> => {
    if (env.recordVisit) {
      try {
        await env.recordVisit(page);
        return undefined;
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    }
    const { error } = await supabase.from('visits').insert({ page });
    return error ? `${error.code} ${error.message}` : undefined;
  };

  return async (req) => {
    if (req.method === 'OPTIONS') return preflight();
    if (req.method !== 'POST') {
      return json({ success: false, error: 'Méthode non autorisée : utilisez POST.' }, 405, {
        Allow: 'POST, OPTIONS',
      });
    }

    let body: unknown;
    try {
      body = JSON.parse(await req.text());
    } catch {
      return json(
        {
          success: false,
          error: 'Corps de requête invalide : JSON attendu, par exemple {"page":"home"}.',
        },
        400,
      );
    }
    const page =
      typeof body === 'object' && body !== null ? (body as { page?: unknown }).page : undefined;
    if (typeof page !== 'string' || !PAGE.test(page)) {
      return json(
        {
          success: false,
          error: 'Champ « page » invalide : 1 à 64 caractères parmi a-z, 0-9 et « - ».',
        },
        400,
      );
    }

    const problem = await store(page);
    if (problem) {
      console.error('recordVisit : enregistrement impossible :', problem);
      return json({ success: false, error: "Impossible d'enregistrer la visite." }, 500);
    }
    return json({ success: true });
  };
}
