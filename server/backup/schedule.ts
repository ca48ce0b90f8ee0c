import { readdir } from 'node:fs/promises';
import type { AppContext } from '../context.ts';
import { backupTime } from './archive.ts';
import { parisDay } from './retention.ts';
import { runBackup } from './run.ts';

const PARIS_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Paris',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Whether the daily backup is due: past its time today (Paris), and none made since. */
export async function dailyBackupDue(
  backupDir: string,
  [hour, minute]: [number, number],
  now: Date,
): Promise<boolean> {
  const [h, m] = PARIS_TIME.format(now).split(':').map(Number) as [number, number];
  if (h * 60 + m < hour * 60 + minute) return false;
  const today = parisDay(now);
  const names = await readdir(backupDir).catch(() => [] as string[]);
  return !names.some((name) => {
    const at = backupTime(name);
    if (!at || parisDay(at) !== today) return false;
    const [bh, bm] = PARIS_TIME.format(at).split(':').map(Number) as [number, number];
    return bh * 60 + bm >= hour * 60 + minute;
  });
}

/** After a failed daily backup (logged by runBackup), the next try comes this much later. */
const RETRY_AFTER_MS = 30 * 60_000;

/** Checks once a minute whether the daily backup is due, and makes it. Returns the stop. */
export function scheduleDailyBackups(ctx: Pick<AppContext, 'db' | 'config'>): () => void {
  const at = ctx.config.backupTime;
  if (!at) return () => undefined;
  let failedAt = 0;
  const timer = setInterval(() => {
    if (Date.now() - failedAt < RETRY_AFTER_MS) return;
    void dailyBackupDue(ctx.config.backupDir, at, new Date()).then((due) => {
      if (due) runBackup(ctx).catch(() => (failedAt = Date.now()));
    });
  }, 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
