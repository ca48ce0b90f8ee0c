import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { backupTime } from './archive.ts';

const PARIS_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Paris calendar day of a moment, as YYYY-MM-DD. */
export function parisDay(at: Date): string {
  return PARIS_DAY.format(at);
}

/** The ISO week (YYYY-Www) of a Paris calendar day. */
function isoWeek(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  const weekday = (date.getUTCDay() + 6) % 7;
  date.setUTCDate(date.getUTCDate() - weekday + 3);
  const firstThursday = new Date(Date.UTC(date.getUTCFullYear(), 0, 4));
  const week =
    1 +
    Math.round(
      ((date.getTime() - firstThursday.getTime()) / 86_400_000 -
        3 +
        ((firstThursday.getUTCDay() + 6) % 7)) /
        7,
    );
  return `${date.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/**
 * Deletes the backups beyond what is kept: the newest of each of the last `daily` days that have
 * one, and the newest of each of the last `weekly` weeks. The newest backup is always kept.
 * Returns the names deleted.
 */
export async function pruneBackups(dir: string, daily: number, weekly: number): Promise<string[]> {
  const backups = (await readdir(dir))
    .map((name) => ({ name, at: backupTime(name) }))
    .filter((b): b is { name: string; at: Date } => b.at !== undefined)
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  const keep = new Set<string>(backups.slice(0, 1).map((b) => b.name));
  const days = new Set<string>();
  const weeks = new Set<string>();
  for (const backup of backups) {
    const day = parisDay(backup.at);
    const week = isoWeek(day);
    if (!days.has(day) && days.size < daily) {
      days.add(day);
      keep.add(backup.name);
    }
    if (!weeks.has(week) && weeks.size < weekly) {
      weeks.add(week);
      keep.add(backup.name);
    }
  }
  const removed = backups.filter((b) => !keep.has(b.name)).map((b) => b.name);
  for (const name of removed) await rm(path.join(dir, name), { force: true });
  return removed;
}
