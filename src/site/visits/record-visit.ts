import { useEffect } from 'react';
import { loadPublicFunctions } from '../../lib/public-client.ts';

/** When this browser last recorded a home visit (docs/product.md#visits-and-statistics). */
export const LAST_HOME_VISIT_KEY = 'lastHomeVisit';

/** At most one recorded home visit per browser in this window. */
export const VISIT_WINDOW_MS = 6 * 60 * 60 * 1000;

/**
 * Whether a visit at `now` should be recorded, given the stored time of the last one. A missing
 * or unreadable time records; so does a time in the future (the clock was set back), rather than
 * silencing the counter until that time comes.
 */
export function isVisitDue(lastVisit: string | null, now: number): boolean {
  if (!lastVisit) return true;
  const last = Date.parse(lastVisit);
  if (Number.isNaN(last) || last > now) return true;
  return now - last >= VISIT_WINDOW_MS;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Records one home visit through the recordVisit function, at most once per 6 hours in this
 * browser. The time is written *before* the call and put back if the call fails: a reload, a
 * second tab or React's development double effect while the first call is in flight then sees a
 * recent visit and sends nothing, while a failed call leaves the next load free to try again.
 * Without storage nothing is sent, as a visit could not be told from the next one. A failure is
 * silent for the visitor; the developer gets a warning.
 */
export async function recordHomeVisit(now = Date.now()): Promise<void> {
  const store = storage();
  if (!store) return;
  const previous = store.getItem(LAST_HOME_VISIT_KEY);
  if (!isVisitDue(previous, now)) return;
  store.setItem(LAST_HOME_VISIT_KEY, new Date(now).toISOString());

  try {
    const functions = await loadPublicFunctions();
    if (!functions) throw new Error('Configuration Supabase manquante');
    const { error } = await functions.invoke('recordVisit', { body: { page: 'home' } });
    if (error) throw error;
  } catch (error) {
    if (previous === null) store.removeItem(LAST_HOME_VISIT_KEY);
    else store.setItem(LAST_HOME_VISIT_KEY, previous);
    console.warn("La visite n'a pas pu être enregistrée", error);
  }
}

/** Records the home visit once the page has mounted in the browser (never on the server). */
export function useRecordHomeVisit(): void {
  useEffect(() => {
    void recordHomeVisit();
  }, []);
}
