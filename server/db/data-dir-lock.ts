import { closeSync, openSync, readFileSync, rmSync, writeSync, mkdirSync } from 'node:fs';
import path from 'node:path';

const LOCK_FILE = 'garage.lock';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite does not lock its data directory, and two processes writing one directory corrupt it.
 * This pid file makes a second opener fail with a clear message; a lock left by a dead process is
 * taken over. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(owner) && owner !== process.pid && alive(owner)) {
        throw new Error(
          `La base de données de ${dataDir} est déjà ouverte par le processus ${owner} ` +
            '(le serveur est-il lancé ?). Arrêtez-le, ou utilisez un autre DATA_DIR.',
          { cause: error },
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Impossible de verrouiller ${file}.`);
}
