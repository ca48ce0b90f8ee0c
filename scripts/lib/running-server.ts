import { randomBytes } from 'node:crypto';
import type { ServerConfig } from '../../server/config.ts';
import { isValidProof } from '../../server/auth/server-proof.ts';

/**
 * The server at the configured address, when one answers there. PGlite lets two processes open
 * one data directory and then corrupts it, so the commands go through a running server instead of
 * opening the files.
 */
export async function runningServer(config: ServerConfig): Promise<string | undefined> {
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
  try {
    const res = await fetch(`${url}/auth/v1/health`, { signal: AbortSignal.timeout(1500) });
    return res.ok ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whatever answers on the configured port must prove it holds this data directory's JWT secret
 * before it is sent the service key or anything else (server/auth/server-proof.ts).
 */
export async function verifyServer(url: string, secret: string): Promise<void> {
  const challenge = randomBytes(32).toString('base64url');
  let proof: unknown;
  try {
    const res = await fetch(`${url}/auth/v1/server-proof`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ challenge }),
      signal: AbortSignal.timeout(5000),
    });
    proof = ((await res.json().catch(() => ({}))) as { proof?: unknown }).proof;
  } catch {
    proof = undefined;
  }
  if (!isValidProof(secret, challenge, proof)) {
    throw new Error(
      `le serveur de ${url} n'a pas pu être vérifié : il ne prouve pas détenir le secret JWT de ` +
        'ce dossier de données, et rien ne lui a été envoyé. Vérifiez DATA_DIR, JWT_SECRET et PORT, ' +
        'ou arrêtez le programme qui occupe ce port.',
    );
  }
}
