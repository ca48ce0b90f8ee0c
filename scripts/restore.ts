/**
 * `npm run restore -- FILE [--force]`: brings the stopped site back to the state of a backup made
 * by `npm run backup` (or the daily one), into DATA_DIR (PGlite) or DATABASE_URL. A site that
 * already holds data is replaced only with --force. A failure leaves the site as it was.
 */
import { parseArgs } from 'node:util';
import { configFromEnv } from '../server/config.ts';
import { restoreBackup } from '../server/backup/restore.ts';
import { runningServer } from './lib/running-server.ts';

const USAGE = `Utilisation :
  npm run restore -- <fichier de sauvegarde> [--force]

Remet le site, arrêté, dans l'état de la sauvegarde : contenu, articles, visites, comptes,
clés enregistrées et fichiers envoyés. Un site qui contient déjà des données n'est remplacé
qu'avec --force. La base utilisée est celle du serveur (DATA_DIR, ou DATABASE_URL).`;

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { force: { type: 'boolean' } },
    });
  } catch (error) {
    console.error(`Arguments invalides (${(error as Error).message}).\n\n${USAGE}`);
    return 2;
  }
  const [file, ...extra] = parsed.positionals;
  if (!file || extra.length > 0) {
    console.error(USAGE);
    return 2;
  }
  // JWT_SECRET set in the environment wins over the backup's: the site keeps using it.
  const secretFromEnv = Boolean(process.env.JWT_SECRET);
  const config = await configFromEnv();
  const url = await runningServer(config);
  if (url) {
    console.error(
      `Le site répond sur ${url} : arrêtez-le d'abord (systemctl stop garage-site, ou Ctrl+C), ` +
        'puis relancez cette commande.',
    );
    return 1;
  }
  const manifest = await restoreBackup(file, {
    target: config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite' },
    dataDir: config.dataDir,
    force: parsed.values.force ?? false,
    restoreSecret: !secretFromEnv,
  });
  const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
  console.log(
    `Site restauré dans l'état du ${new Date(manifest.createdAt).toLocaleString('fr-FR', { timeZone: 'Europe/Paris' })} ` +
      `(${manifest.tables.length} tables, ${rows} lignes${manifest.files ? ', fichiers envoyés compris' : ''}). ` +
      'Vous pouvez relancer le site.',
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    console.error(
      `Restauration impossible : ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exitCode = 1;
  },
);
