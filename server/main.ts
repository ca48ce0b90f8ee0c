import { configFromEnv } from './config.ts';
import { startServer } from './server.ts';
import { countAdmins } from './auth/users.ts';

const config = await configFromEnv();
const server = await startServer(config);
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite (${config.dataDir})`;
console.log(`Site du garage servi sur ${server.url} — base de données : ${where}`);

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
    console.log(`\n${signal} reçu : arrêt propre en cours…`);
    server.close().then(
      () => process.exit(0),
      (error) => {
        console.error("Erreur pendant l'arrêt :", error);
        process.exit(1);
      },
    );
  });
}
