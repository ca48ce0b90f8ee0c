import { corsHeaders } from '@supabase/supabase-js/cors';

/** A JSON answer a browser may read from another origin (the site may be served elsewhere). */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });
}

/** The answer to a CORS preflight. */
export function preflight(): Response {
  return new Response('ok', { headers: corsHeaders });
}
