import { loadPublicRest } from '../../../lib/public-client.ts';
import {
  payloadFromValues,
  type FormProblem,
  type RequestFormValues,
} from '../request-form-model.ts';
import { problemFromRefusal } from '../request-problems.ts';
import type { SourceFields } from '../../../lib/request-source.ts';

const NOT_SENT =
  'Votre demande n’a pas pu être envoyée. Vérifiez votre connexion puis réessayez, ou appelez directement le garage.';

/**
 * What the form sends besides the values: the hidden field, the signed start of the form, and
 * where the visitor came from (a category, src/lib/request-source.ts).
 */
export interface AntiSpam {
  website: FormDataEntryValue | null;
  startedAt: string | null;
  source?: SourceFields | null;
}

/**
 * Sends a request through the public API, as submit_request's only caller in the browser: null
 * once stored, else the problem to show (a refusal of the API in its French words, placed next to
 * its field; anything else, a connection problem).
 */
export async function submitRequest(
  values: RequestFormValues,
  { website, startedAt, source }: AntiSpam,
): Promise<FormProblem | null> {
  try {
    const rest = await loadPublicRest();
    if (!rest) return { field: null, message: NOT_SENT };
    const payload = {
      ...payloadFromValues(values),
      website,
      started_at: startedAt,
      ...(source ? { source: source.source, campagne: source.campagne } : {}),
    };
    const { error, status } = await rest.rpc('submit_request', { payload });
    if (!error) return null;
    const said = status === 429 || /^Demande refusée/.test(error.message);
    return said
      ? problemFromRefusal(error.message, values.dates)
      : { field: null, message: NOT_SENT };
  } catch {
    return { field: null, message: NOT_SENT };
  }
}
