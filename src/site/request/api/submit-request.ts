import { loadPublicRest } from '../../../lib/public-client.ts';
import {
  payloadFromValues,
  type FormProblem,
  type RequestFormValues,
} from '../request-form-model.ts';
import { problemFromRefusal } from '../request-problems.ts';

const NOT_SENT =
  'Votre demande n’a pas pu être envoyée. Vérifiez votre connexion puis réessayez, ou appelez directement le garage.';

/** What the form sends besides the values: the hidden field, and the signed start of the form. */
export interface AntiSpam {
  website: FormDataEntryValue | null;
  startedAt: string | null;
}

/**
 * Sends a request through the public API, as submit_request's only caller in the browser: null
 * once stored, else the problem to show (a refusal of the API in its French words, placed next to
 * its field; anything else, a connection problem).
 */
export async function submitRequest(
  values: RequestFormValues,
  { website, startedAt }: AntiSpam,
): Promise<FormProblem | null> {
  try {
    const rest = await loadPublicRest();
    if (!rest) return { field: null, message: NOT_SENT };
    const payload = { ...payloadFromValues(values), website, started_at: startedAt };
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
