/**
 * A reason the server cannot start, as one French sentence saying the cause and the fix. The
 * start-up prints it alone, without a stack trace: the operator reads it, not a developer.
 */
export class StartupError extends Error {
  override readonly name = 'StartupError';
}

/** The French sentence for a system error met while starting, or undefined when it is not one. */
export function explainStartupFailure(
  error: unknown,
  where: { dataDir: string; port: number; host: string; databaseUrl: string | undefined },
): string | undefined {
  if (error instanceof StartupError) return error.message;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const file = (error as NodeJS.ErrnoException | undefined)?.path ?? where.dataDir;
  switch (code) {
    case 'EADDRINUSE':
      return (
        `Le port ${where.port} de ${where.host} est déjà utilisé par un autre programme : ` +
        'arrêtez-le, ou choisissez un autre port avec PORT=….'
      );
    case 'EACCES':
    case 'EPERM':
      return where.port < 1024 && (error as NodeJS.ErrnoException).syscall === 'listen'
        ? `Le port ${where.port} est réservé à l'administrateur du système : choisissez un port au-dessus de 1023 (PORT=3000) derrière un proxy.`
        : `Accès refusé à ${file} : donnez à l'utilisateur du serveur les droits sur le dossier de données (DATA_DIR=${where.dataDir}).`;
    case 'EROFS':
      return `Le dossier de données ${where.dataDir} est en lecture seule : choisissez un dossier où le serveur peut écrire (DATA_DIR=…).`;
    case 'ENOSPC':
    case 'EDQUOT':
      return `Le disque qui contient ${where.dataDir} est plein : libérez de la place (anciennes sauvegardes, journaux), puis relancez.`;
    case 'ENOTDIR':
    case 'EISDIR':
      return `${file} n'est pas du type attendu (dossier ou fichier) : vérifiez DATA_DIR=${where.dataDir}.`;
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'ETIMEDOUT':
      return where.databaseUrl
        ? 'Le serveur PostgreSQL de DATABASE_URL ne répond pas : vérifiez qu’il est démarré et que l’adresse est juste.'
        : undefined;
    case '28P01':
    case '28000':
      return 'PostgreSQL refuse l’identifiant ou le mot de passe de DATABASE_URL : corrigez-les.';
    case '3D000':
      return 'La base nommée dans DATABASE_URL n’existe pas : créez-la (createdb) ou corrigez l’adresse.';
    default:
      return undefined;
  }
}
