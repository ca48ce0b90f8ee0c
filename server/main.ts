import path from 'node:path';
import { configFromEnv, type ServerConfig } from './config.ts';
import { startServer, type RunningServer } from './server.ts';
import { countAdmins } from './auth/users.ts';
import { tightenDataDir } from './db/data-dir-permissions.ts';
import { explainStartupFailure } from './startup-error.ts';
import { describeError, log } from './log.ts';

// Everything the server creates (database files, secret, backups) is for its own user only.
process.umask(0o077);

function fail(error: unknown, config?: ServerConfig): never {
  const where = {
    dataDir: config?.dataDir ?? path.resolve(process.env.DATA_DIR || 'data'),
    port: config?.port ?? Number(process.env.PORT || 3000),
    host: config?.host ?? (process.env.HOST || '127.0.0.1'),
    databaseUrl: config?.databaseUrl ?? process.env.DATABASE_URL,
  };
  const sentence = explainStartupFailure(error, where);
  // One sentence for the operator; the details, for a bug report, only when asked for.
  console.error(`Démarrage impossible : ${sentence ?? describeError(error)}`);
  log.debug({ err: error }, 'Détail de l’échec du démarrage');
  process.exit(1);
}

let config: ServerConfig | undefined;
let server: RunningServer;
try {
  config = await configFromEnv();
  const tightened = tightenDataDir(config.dataDir);
  if (tightened > 0)
    log.warn(
      `Droits resserrés sur ${tightened} fichier(s) ou dossier(s) de ${config.dataDir} : ` +
        "le dossier de données n'est plus lisible que par l'utilisateur du serveur.",
    );
  server = await startServer(config);
  // A new embedded database unpacks its first files with loose rights: close them too.
  tightenDataDir(config.dataDir);
} catch (error) {
  fail(error, config);
}

const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite (${config.dataDir})`;
log.info(
  `Site du garage servi sur ${server.url} — base de données : ${where} — mode ${process.env.NODE_ENV ?? 'development'}`,
);
if (!config.siteUrl)
  log.warn(
    `SITE_URL n'est pas défini : les adresses canoniques, le plan du site et robots.txt utilisent ` +
      `${server.siteUrl}. En ligne, définissez SITE_URL=https://votre-domaine.fr.`,
  );

if ((await countAdmins(server.db)) === 0) {
  console.log(
    "\nAucun administrateur n'existe encore. Pour en créer un :\n" +
      '  npm run admin -- create --email vous@exemple.fr\n' +
      '(un mot de passe fort est généré et affiché une seule fois ; --password pour choisir le vôtre)\n',
  );
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} reçu : arrêt propre en cours…`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error(`Erreur pendant l'arrêt : ${describeError(error)}`);
        process.exit(1);
      },
    );
  });
}
