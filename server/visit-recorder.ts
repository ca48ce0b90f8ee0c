import type { Database } from './db/database.ts';

/** Visits written in one statement at most; more wait for the next one. */
const MAX_BATCH = 500;
/**
 * How long the first visit of a group waits for others before they are written together. Nobody
 * waits for a visit to be recorded (the page does not), so a few milliseconds cost nothing.
 */
const GATHER_MS = 10;

interface Pending {
  page: string;
  at: Date;
  done: { resolve: () => void; reject: (error: unknown) => void };
}

/**
 * Writes visits for the recordVisit function on the self-hosted server, grouping the ones that
 * arrive within a few milliseconds of each other, or while a write is under way, into one INSERT
 * (a group commit). One visit alone is written after that short wait; a flood of them costs one statement per round trip instead of one request
 * through the API each, so the pages served meanwhile keep their pace. Each caller learns whether
 * its visit was stored. The time is the visit's own, taken when it arrived.
 */
export function createVisitRecorder(db: Database): (page: string) => Promise<void> {
  let queue: Pending[] = [];
  let writing = false;

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(batch.length);
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
    }
    writing = false;
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
