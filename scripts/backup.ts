/**
 * `npm run backup`: one consistent, compressed backup of the site (content, posts, visits,
 * accounts with their passwords, stored keys, uploaded files, the JWT secret) into BACKUP_DIR,
 * while the site keeps serving. Through the running server when there is one (PGlite's data
 * directory is its alone), else straight from the database.
 */
import path from 'node:path';
import { configFromEnv } from '../server/config.ts';
import { openDatabase } from '../server/db/open.ts';
import { migrate } from '../server/db/migrate.ts';
import { runBackup } from '../server/backup/run.ts';
import { runningServer, verifyServer } from './lib/running-server.ts';

async function main(): Promise<void> {
  const config = await configFromEnv();
  const url = config.databaseUrl ? undefined : await runningServer(config);
  let file: string;
  let bytes: number;
  if (url) {
    await verifyServer(url, config.jwtSecret);
    const res = await fetch(`${url}/admin/v1/backups`, {
      method: 'POST',
      headers: { authorization: `Bearer ${config.serviceKey}` },
    });
    const body = (await res.json().catch(() => ({}))) as {
      path?: string;
      bytes?: number;
      message?: string;
    };
    if (!res.ok || !body.path)
      throw new Error(body.message ?? `le serveur a répondu ${res.status}.`);
    ({ path: file, bytes } = body as { path: string; bytes: number });
  } else {
    const db = await openDatabase(config);
    try {
      await migrate(db);
      ({ file, bytes } = await runBackup({ db, config }));
    } finally {
      await db.close();
    }
  }
  console.log(
    `Sauvegarde écrite : ${path.relative(process.cwd(), file) || file} (${(bytes / 1e6).toFixed(1)} Mo).\n` +
      `Pour revenir à cet état, le site arrêté : npm run restore -- ${path.relative(process.cwd(), file) || file}`,
  );
}

main().catch((error: unknown) => {
  console.error(
    `Sauvegarde impossible : ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
});
