import { useEffect } from 'react';
import { FunctionRefusedError, loadPublicFunctions } from '../../lib/public-client.ts';
import { forget, recall, remember } from './browser-memory.ts';

/** When this browser last recorded a home visit (docs/product.md#visits-and-statistics). */
export const LAST_HOME_VISIT_KEY = 'lastHomeVisit';

/**
 * Set when the visitor asked, on the privacy page, that this browser's visits no longer be
 * counted: nothing is sent while it is there (docs/legal.md#privacy).
 */
export const VISIT_COUNTING_OFF_KEY = 'visitCountingOff';

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

export function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Records one home visit through the recordVisit function, at most once per 6 hours in this
 * browser. The time is written *before* the call: a reload, a second tab or React's development
 * double effect while the first call is in flight then sees a recent visit and sends nothing.
 * The time is put back when the visit was surely not counted, and the next load tries again:
 * nothing was sent, the function refused it, or the browser is offline. A reload or a link
 * followed while the call is on its way makes the browser fail it here, although, sent with
 * `keepalive` (../../lib/public-client.ts), it still reaches the server: the time then stays, or
 * the next load would count the visit twice. Without storage nothing is sent, as a visit could not
 * be told from the next one. A failure is silent for the visitor; the developer gets a warning.
 * The stored time is forgotten 13 months after it was first written (./browser-memory.ts), and
 * nothing is sent from a browser whose visitor turned the counting off.
 */
export async function recordHomeVisit(now = Date.now()): Promise<void> {
  const store = storage();
  if (!store || store.getItem(VISIT_COUNTING_OFF_KEY) !== null) return;
  const previous = recall(store, LAST_HOME_VISIT_KEY, now);
  if (!isVisitDue(previous, now)) return;
  remember(store, LAST_HOME_VISIT_KEY, new Date(now).toISOString(), now);

  let sent = false;
  try {
    const functions = await loadPublicFunctions();
    if (!functions) throw new Error('Configuration Supabase manquante');
    sent = true;
    const { error } = await functions.invoke('recordVisit', { body: { page: 'home' } });
    if (error) throw error;
  } catch (error) {
    if (!sent || error instanceof FunctionRefusedError || !navigator.onLine) {
      if (previous === null) forget(store, LAST_HOME_VISIT_KEY);
      else store.setItem(LAST_HOME_VISIT_KEY, previous);
    }
    console.warn("La visite n'a pas pu être enregistrée", error);
  }
}

/**
 * Whether the page is shown inside a frame. Only the site's own pages may frame it (its security
 * headers), so a framed home page is the owner's preview in the back-office, not a visit.
 */
function isFramed(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

/**
 * Records the home visit once the page has mounted in the browser (never on the server), unless
 * the page is the back-office's preview.
 */
export function useRecordHomeVisit(): void {
  useEffect(() => {
    if (!isFramed()) void recordHomeVisit();
  }, []);
}
