import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backupName } from './archive.ts';
import { pruneBackups } from './retention.ts';
import { dailyBackupDue } from './schedule.ts';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function folderWith(moments: Date[]): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'garage-retention-'));
  dirs.push(dir);
  for (const at of moments) await writeFile(path.join(dir, backupName(at)), '');
  await writeFile(path.join(dir, 'notes.txt'), 'pas une sauvegarde');
  return dir;
}

/** 03:30 Paris (02:30 UTC in winter) on the `n`th day before 2026-11-23. */
const daysBefore = (n: number, utc = '02:30') =>
  new Date(Date.parse(`2026-11-23T${utc}:00Z`) - n * 86_400_000);

describe('pruneBackups', () => {
  it('keeps the newest of each of the last 14 days and of each of the last 8 weeks', async () => {
    const moments = Array.from({ length: 90 }, (_, n) => daysBefore(n));
    // A second backup the same day (a manual one) replaces the day's older one.
    moments.push(daysBefore(0, '10:00'));
    const dir = await folderWith(moments);
    await pruneBackups(dir, 14, 8);
    const kept = (await readdir(dir)).filter((f) => f.startsWith('garage-')).sort();
    const daily = Array.from({ length: 13 }, (_, n) => backupName(daysBefore(n + 1)));
    expect(kept).toContain(backupName(daysBefore(0, '10:00')));
    expect(kept).not.toContain(backupName(daysBefore(0)));
    for (const name of daily) expect(kept).toContain(name);
    // Beyond the 14 days, one per week only (Sundays: the newest of each ISO week), 8 weeks in all.
    const older = kept.filter(
      (name) => !daily.includes(name) && name !== backupName(daysBefore(0, '10:00')),
    );
    for (const name of older) expect(new Date(name.slice(7, 17)).getUTCDay()).toBe(0);
    expect(kept.length).toBe(14 + older.length);
    expect(kept.length).toBeLessThanOrEqual(14 + 8);
    expect(await readdir(dir)).toContain('notes.txt');
  });

  it('always keeps the newest backup, whatever the settings', async () => {
    const dir = await folderWith([daysBefore(3), daysBefore(2)]);
    await pruneBackups(dir, 0, 0);
    expect(await readdir(dir)).toContain(backupName(daysBefore(2)));
  });
});

describe('dailyBackupDue', () => {
  const at: [number, number] = [3, 30];
  it('is due once past its time (Paris), until a backup is made after that time', async () => {
    const empty = await folderWith([]);
    expect(await dailyBackupDue(empty, at, new Date('2026-11-23T02:00:00Z'))).toBe(false); // 03:00
    expect(await dailyBackupDue(empty, at, new Date('2026-11-23T02:31:00Z'))).toBe(true); // 03:31
    const early = await folderWith([new Date('2026-11-23T00:00:00Z')]); // 01:00, by hand
    expect(await dailyBackupDue(early, at, new Date('2026-11-23T02:31:00Z'))).toBe(true);
    const done = await folderWith([new Date('2026-11-23T02:30:30Z')]);
    expect(await dailyBackupDue(done, at, new Date('2026-11-23T20:00:00Z'))).toBe(false);
    // Summer time: 03:30 in Paris is 01:30 UTC.
    expect(await dailyBackupDue(empty, at, new Date('2026-07-01T01:31:00Z'))).toBe(true);
    expect(await dailyBackupDue(empty, at, new Date('2026-07-01T01:29:00Z'))).toBe(false);
  });
});
