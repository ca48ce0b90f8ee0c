import type { Database } from './db/database.ts';

/** Visits written in one statement at most; more wait for the next one. */
const MAX_BATCH = 500;
/**
 * How long the first visit of a group waits for others before they are written together. Nobody
 * waits for a visit to be recorded (the page does not), so a few milliseconds cost nothing.
 */
const GATHER_MS = 10;
/** A group this big means a flood: the next write waits FLOOD_PACE_MS (see createVisitRecorder). */
export const FLOOD_BATCH = 16;
export const FLOOD_PACE_MS = 250;

interface Pending {
  page: string;
  at: Date;
  done: { resolve: () => void; reject: (error: unknown) => void };
}

/**
 * Writes visits for the recordVisit function on the self-hosted server, grouping the ones that
 * arrive within a few milliseconds of each other, or while a write is under way, into one INSERT
 * (a group commit). One visit alone is written after that short wait. Each caller learns whether
 * its visit was stored, and is answered only then. The time is the visit's own, taken when it
 * arrived.
 *
 * After a group of FLOOD_BATCH visits or more, the next write waits FLOOD_PACE_MS: no garage's
 * visitors arrive that fast, so it is a flood, and holding its answers for that long bounds how
 * many visit requests its clients can send per second to their number of open requests, whatever
 * it is, divided by the pace (docs/decisions/022-visit-flood-pacing.md). Every visit is still
 * stored; the pages served meanwhile keep most of the server's time.
 */
export function createVisitRecorder(db: Database): (page: string) => Promise<void> {
  let queue: Pending[] = [];
  let writing = false;

  async function drain(): Promise<void> {
    const batch = queue.slice(0, MAX_BATCH);
    queue = queue.slice(batch.length);
    if (batch.length === 0) {
      writing = false;
      return;
    }
    try {
      await db.transaction((tx) =>
        tx.query(
          'insert into public.visits (page, visited_at) select * from unnest($1::text[], $2::timestamptz[])',
          [batch.map((v) => v.page), batch.map((v) => v.at.toISOString())],
        ),
      );
      for (const visit of batch) visit.done.resolve();
    } catch (error) {
      for (const visit of batch) visit.done.reject(error);
    }
    const flood = batch.length >= FLOOD_BATCH;
    if (!flood && queue.length === 0) {
      writing = false;
      return;
    }
    setTimeout(() => void drain(), flood ? FLOOD_PACE_MS : 0);
  }

  return (page) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ page, at: new Date(), done: { resolve, reject } });
      if (!writing) {
        writing = true;
        setTimeout(() => void drain(), GATHER_MS);
      }
    });
}
