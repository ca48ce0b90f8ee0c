import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
 * When a process started (clock ticks since boot, from /proc), or undefined where /proc is
 * missing. Written beside the pid: after a crash the pid may already belong to another process
 * (the shell or npm that restarts the server, say), which must not look like the owner.
 */
function startTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name, in parentheses, may hold spaces: count fields after its closing one.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** Whether the lock file's owner is a live process, and the very one that wrote it. */
function heldBy(content: string): number | undefined {
  const [pidText, started] = content.trim().split(/\s+/);
  const owner = Number(pidText);
  if (!Number.isInteger(owner) || owner <= 0 || owner === process.pid || !alive(owner))
    return undefined;
  if (started !== undefined && startTime(owner) !== undefined && startTime(owner) !== started)
    return undefined;
  return owner;
}

/** The lock file's content, or undefined when there is none. */
function readLock(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * PGlite does not lock its data directory, and two processes writing one directory corrupt it.
 * This pid file makes a second opener fail with a clear message; a lock left by a dead process is
 * taken over at once, even when its pid now belongs to another process. Returns the release
 * function.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, LOCK_FILE);
  // Written whole beside the lock, then linked in place: another opener never reads a lock file
  // that exists but does not name its owner yet (and would take it for a dead one).
  const mine = `${file}.${process.pid}`;
  writeFileSync(mine, [process.pid, startTime(process.pid)].filter(Boolean).join(' '), {
    mode: 0o600,
  });
  try {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        linkSync(mine, file);
        return () => rmSync(file, { force: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const content = readLock(file);
        if (content === undefined) continue; // released meanwhile: try again
        const owner = heldBy(content);
        if (owner !== undefined) {
          throw new Error(
            `La base de données de ${dataDir} est déjà ouverte par le processus ${owner} ` +
              '(le serveur est-il lancé ?). Arrêtez-le, ou utilisez un autre DATA_DIR.',
            { cause: error },
          );
        }
        // A dead owner's lock: removed only if it is still that one.
        if (readLock(file) === content) rmSync(file, { force: true });
      }
    }
  } finally {
    rmSync(mine, { force: true });
  }
  throw new Error(`Impossible de verrouiller ${file}.`);
}
