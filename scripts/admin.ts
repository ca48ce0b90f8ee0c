/**
 * `npm run admin -- create --email E [--password P]`: creates an administrator, or resets the
 * password of an existing account (and makes it an administrator). There are no default
 * credentials anywhere: this command is how the first administrator comes to exist.
 *
 * `npm run admin -- reset-mfa --email E`: removes the account's second factors, for an owner who
 * lost them; nothing on the web can (docs/decisions/034-two-factor-sign-in.md).
 */
import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { configFromEnv } from '../server/config.ts';
import { openDatabase } from '../server/db/open.ts';
import { migrate } from '../server/db/migrate.ts';
import { findUserByEmail, isValidEmail, normalizeEmail, upsertUser } from '../server/auth/users.ts';
import { MIN_PASSWORD_LENGTH, passwordProblem } from '../src/lib/password-rules.ts';
import { removeAllFactors } from '../server/auth/mfa.ts';
import type { Database } from '../server/db/database.ts';
import { runningServer, verifyServer } from './lib/running-server.ts';

const USAGE = `Utilisation :
  npm run admin -- create --email <adresse> [--password <mot de passe>]
  npm run admin -- reset-mfa --email <adresse>

create : crée un administrateur, ou réinitialise le mot de passe d'un compte existant.
Sans --password, un mot de passe fort est généré et affiché une seule fois.
Un mot de passe choisi doit contenir au moins ${MIN_PASSWORD_LENGTH} caractères et ne pas être
facile à deviner (un mot de passe courant, une suite de touches…).
reset-mfa : supprime la double authentification du compte (application perdue) ; la
connexion se fait ensuite avec le seul mot de passe, jusqu'à une nouvelle activation.
La base utilisée est celle du serveur (DATA_DIR, ou DATABASE_URL).`;

/** Letters and digits without look-alikes (0/O, 1/l/I): easy to copy by hand, ~117 bits. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const GENERATED_LENGTH = 20;

class UsageError extends Error {}

type Command = 'create' | 'reset-mfa';

function parse(argv: string[]): { command: Command; email: string; password: string | undefined } {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { email: { type: 'string' }, password: { type: 'string' } },
    });
  } catch (error) {
    throw new UsageError(`Arguments invalides (${(error as Error).message}).`);
  }
  const [command, ...rest] = parsed.positionals;
  if ((command !== 'create' && command !== 'reset-mfa') || rest.length > 0) {
    throw new UsageError(
      command ? `Commande inconnue : ${[command, ...rest].join(' ')}` : 'Commande manquante.',
    );
  }
  if (!parsed.values.email) throw new UsageError('Option --email manquante.');
  if (command === 'reset-mfa' && parsed.values.password !== undefined) {
    throw new UsageError('Option --password inconnue pour reset-mfa.');
  }
  return { command, email: parsed.values.email, password: parsed.values.password };
}

function generatePassword(): string {
  return Array.from({ length: GENERATED_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(
    '',
  );
}

/** Create or reset through the running server's GoTrue admin API, with the service key. */
async function throughServer(url: string, serviceKey: string, email: string, password: string) {
  const call = async (path: string, method: string, body?: object) => {
    const res = await fetch(`${url}/auth/v1/admin${path}`, {
      method,
      headers: {
        authorization: `Bearer ${serviceKey}`,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      },
      body: body && JSON.stringify(body),
    });
    const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    return { status: res.status, json };
  };
  const admin = { role: 'admin' };
  const created = await call('/users', 'POST', {
    email,
    password,
    email_confirm: true,
    app_metadata: admin,
  });
  if (created.status === 200) return { created: true };
  if (created.json.code === 'email_exists') {
    const found = await call(`/users?filter=${encodeURIComponent(email)}`, 'GET');
    const users = (found.json.users ?? []) as { id: string; email: string }[];
    const user = users.find((u) => u.email === email);
    if (user) {
      const updated = await call(`/users/${user.id}`, 'PUT', { password, app_metadata: admin });
      if (updated.status === 200) return { created: false };
    }
  }
  throw new Error(
    `le serveur de ${url} a refusé l'opération (${String(created.json.message ?? created.status)}).`,
  );
}

async function serviceCall(url: string, serviceKey: string, path: string, method: string) {
  const res = await fetch(`${url}/auth/v1/admin${path}`, {
    method,
    headers: { authorization: `Bearer ${serviceKey}`, 'x-supabase-api-version': '2024-01-01' },
  });
  const json = (await res.json().catch(() => ({}))) as unknown;
  if (res.status !== 200) {
    const message = (json as { message?: unknown }).message;
    throw new Error(
      `le serveur de ${url} a refusé l'opération (${String(message ?? res.status)}).`,
    );
  }
  return json;
}

/** Removes the factors through the running server's GoTrue admin API; undefined: no such user. */
async function resetFactorsThroughServer(
  url: string,
  serviceKey: string,
  email: string,
): Promise<number | undefined> {
  const found = (await serviceCall(
    url,
    serviceKey,
    `/users?filter=${encodeURIComponent(email)}`,
    'GET',
  )) as { users?: { id: string; email: string }[] };
  const user = (found.users ?? []).find((u) => u.email === email);
  if (!user) return undefined;
  const factors = (await serviceCall(url, serviceKey, `/users/${user.id}/factors`, 'GET')) as {
    id: string;
  }[];
  for (const factor of factors) {
    await serviceCall(url, serviceKey, `/users/${user.id}/factors/${factor.id}`, 'DELETE');
  }
  return factors.length;
}

async function resetFactorsInDatabase(db: Database, email: string): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    return user ? removeAllFactors(tx, user.id) : undefined;
  });
}

async function resetMfa(email: string): Promise<number> {
  const config = await configFromEnv();
  const url = config.databaseUrl ? undefined : await runningServer(config);
  let removed: number | undefined;
  if (url) {
    await verifyServer(url, config.jwtSecret);
    console.log(`Serveur détecté sur ${url} : l'opération passe par lui.`);
    removed = await resetFactorsThroughServer(url, config.serviceKey, email);
  } else {
    const db = await openDatabase(config);
    try {
      await migrate(db);
      removed = await resetFactorsInDatabase(db, email);
    } finally {
      await db.close();
    }
  }
  if (removed === undefined) {
    console.error(`Aucun compte pour ${email}.`);
    return 1;
  }
  console.log(
    removed > 0
      ? `Double authentification supprimée pour ${email} : connexion avec le seul mot de passe, jusqu'à une nouvelle activation dans « Mon compte ».`
      : `${email} n'avait pas de double authentification : rien à supprimer.`,
  );
  return 0;
}

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  let args;
  try {
    args = parse(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    return 2;
  }

  if (!isValidEmail(args.email)) {
    console.error(`Adresse e-mail invalide : ${args.email}`);
    return 1;
  }
  if (args.command === 'reset-mfa') return resetMfa(normalizeEmail(args.email));

  const generated = args.password === undefined;
  let password = args.password ?? generatePassword();
  // A random draw that happens to look like a word or a keyboard row is drawn again.
  while (generated && (await passwordProblem(password, [args.email])))
    password = generatePassword();
  const problem = await passwordProblem(password, [args.email]);
  if (problem) {
    console.error(`Mot de passe refusé : ${problem}`);
    return 1;
  }

  if (!isValidEmail(args.email)) {
    console.error(`Adresse e-mail invalide : ${args.email}`);
    return 1;
  }
  const email = normalizeEmail(args.email);

  const config = await configFromEnv();
  const url = config.databaseUrl ? undefined : await runningServer(config);
  let created: boolean;
  if (url) {
    await verifyServer(url, config.jwtSecret);
    console.log(`Serveur détecté sur ${url} : l'opération passe par lui.`);
    ({ created } = await throughServer(url, config.serviceKey, email, password));
  } else {
    const db = await openDatabase(config);
    try {
      await migrate(db);
      ({ created } = await upsertUser(db, { email, password, admin: true }));
    } finally {
      await db.close();
    }
  }
  console.log(
    created
      ? `Administrateur créé : ${email}`
      : `Mot de passe réinitialisé pour ${email} (administrateur) ; ses sessions ouvertes sont fermées.`,
  );
  if (generated)
    console.log(`Mot de passe généré (affiché une seule fois, notez-le maintenant) : ${password}`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // upsertUser's own errors are French sentences (invalid email, weak password).
    console.error(`Erreur : ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
