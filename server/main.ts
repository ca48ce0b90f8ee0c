import path from 'node:path';
import { configFromEnv, type ServerConfig } from './config.ts';
import { startServer, type RunningServer } from './server.ts';
import { openSetupLink, setupLinkUrl } from './auth/setup.ts';
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

// While the site has no administrator, a one-time link to create it in the browser: printed on
// this line only (the journal, under systemd), never logged elsewhere (server/auth/setup.ts).
const setupToken = await openSetupLink(server.db);
if (setupToken) {
  console.log(
    `\nAucun compte administrateur : créez-le depuis ce lien (valable une fois, jusqu'au prochain ` +
      `redémarrage ou pendant 24 h) : ${setupLinkUrl(server.siteUrl, setupToken)}\n` +
      '(sur la machine du serveur, la commande npm run admin -- create --email vous@exemple.fr le crée aussi)\n',
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
