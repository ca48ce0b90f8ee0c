import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Makes the data directory and everything in it readable by the server's user only: folders
 * 0700, files 0600. The directory holds the database and the JWT secret; a copy readable by
 * another local user would let them sign in as anyone. Returns how many entries other users could
 * reach before (a loose file inside a closed folder was not reachable: it is tightened quietly).
 * Symbolic links are left alone: chmod would follow them out of the directory.
 */
export function tightenDataDir(dataDir: string): number {
  let exposedEntries = 0;
  const visit = (entry: string, reachable: boolean) => {
    const info = lstatSync(entry);
    if (info.isSymbolicLink()) return;
    const mode = info.mode & 0o777;
    if ((mode & 0o077) !== 0) {
      chmodSync(entry, (mode & 0o700) | (info.isDirectory() ? 0o700 : 0o600));
      if (reachable) exposedEntries += 1;
    }
    if (info.isDirectory()) {
      // Others reach what is inside only through a folder they may enter.
      const open = reachable && (mode & 0o011) !== 0;
      for (const name of readdirSync(entry)) visit(path.join(entry, name), open);
    }
  };
  try {
    visit(dataDir, true);
  } catch (error) {
    // No data directory yet (DATABASE_URL and JWT_SECRET given): nothing to tighten.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return exposedEntries;
}
