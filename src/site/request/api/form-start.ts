import { loadPublicRest } from '../../../lib/public-client.ts';

/**
 * A signed start for a form the server did not render (opened from a link inside the site, or a
 * site built without a server): public.request_form_start, which the database alone can sign and
 * check (docs/decisions/045-request-form-abuse.md). Null when the API cannot be reached: sending
 * then says so.
 */
export async function fetchFormStart(): Promise<string | null> {
  try {
    const rest = await loadPublicRest();
    if (!rest) return null;
    const { data, error } = await rest.rpc('request_form_start');
    return !error && typeof data === 'string' ? data : null;
  } catch {
    return null;
  }
}
