import path from 'node:path';
import type { AppContext } from '../context.ts';
import { isPostgres } from '../db/postgres.ts';
import { describeError, log } from '../log.ts';
import { createBackup, FILES_DIR } from './archive.ts';
import { pruneBackups } from './retention.ts';

export interface BackupRun {
  file: string;
  bytes: number;
  createdAt: string;
}

let running: Promise<BackupRun> | undefined;

/**
 * Makes a backup of the site now, records it (the back-office shows the last one), and applies
 * the retention. One at a time in this process; over PostgreSQL, one at a time for the site.
 */
export function runBackup(ctx: Pick<AppContext, 'db' | 'config'>): Promise<BackupRun> {
  running ??= (async () => {
    const { db, config } = ctx;
    const lock = isPostgres(db) ? await db.pool.connect() : undefined;
    try {
      if (lock) await lock.query("select pg_advisory_lock(hashtext('garage-site backup'))");
      const made = await createBackup(db, {
        backupDir: config.backupDir,
        jwtSecret: config.jwtSecret,
        filesDir: path.join(config.dataDir, FILES_DIR),
      });
      await db.transaction((tx) =>
        tx.query('insert into private.backup_runs (file, bytes) values ($1, $2)', [
          path.basename(made.file),
          made.bytes,
        ]),
      );
      const removed = await pruneBackups(
        config.backupDir,
        config.backupKeepDaily,
        config.backupKeepWeekly,
      );
      log.info(
        { file: path.basename(made.file), bytes: made.bytes, removed: removed.length },
        'Sauvegarde faite',
      );
      return { file: made.file, bytes: made.bytes, createdAt: made.manifest.createdAt };
    } catch (error) {
      log.error(`Sauvegarde impossible : ${describeError(error)}`);
      throw error;
    } finally {
      if (lock) {
        await lock
          .query("select pg_advisory_unlock(hashtext('garage-site backup'))")
          .catch(() => undefined);
        lock.release();
      }
      running = undefined;
    }
  })();
  return running;
}
