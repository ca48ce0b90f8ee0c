import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.ts';
import { eventually } from './eventually.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** This process's environment without what the test runner adds (NODE_ENV=test, VITEST). */
function withoutTestRunner(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.NODE_ENV;
  delete env.VITEST;
  return env;
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  port: number;
  /** Everything the process wrote so far, standard output and error together. */
  output(): string;
  /** Resolves with the exit code once the process ended. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * The server as `npm run serve` starts it, in one process of its own (node with the TypeScript
 * loader, so that a signal reaches the server itself, not a launcher in front of it), optionally
 * under a shell command run first (`ulimit -n 1024`, say). Resolves once it answers, or once it
 * has exited (a start-up failure): check `exited` and `output()`.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { before?: string; port?: number; entry?: string; cwd?: string } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  // The built server (`entry`) runs as it is; the sources through the TypeScript loader.
  const node = options.entry
    ? `exec "${process.execPath}" "${options.entry}"`
    : `exec "${process.execPath}" --import tsx server/main.ts`;
  const command = `${options.before ? `${options.before} && ` : ''}${node}`;
  const child = spawn('bash', ['-c', command], {
    cwd: options.cwd ?? ROOT,
    env: {
      ...withoutTestRunner(),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const onData = (chunk: Buffer) => (output += chunk.toString());
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  // Up once it answers (whatever LOG_LEVEL says at start), or gone.
  let gone = false;
  void exited.then(() => (gone = true));
  // Up, or gone (the caller then reads why in its output and exit code).
  await eventually(
    'the server to answer',
    async () =>
      gone ||
      (await fetch(`http://127.0.0.1:${port}/auth/v1/health`, {
        signal: AbortSignal.timeout(1000),
      })
        .then((res) => res.ok)
        .catch(() => false)),
    { ms: 180_000, every: 100 },
  );
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
