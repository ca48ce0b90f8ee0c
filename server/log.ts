import pino from 'pino';

/**
 * The server's log: one JSON line per event on standard output, with its level and ISO time
 * (LOG_LEVEL: fatal, error, warn, info, debug; `info` by default, `silent` under the test runner
 * unless asked). Request bodies, tokens and passwords are never logged, and client addresses only
 * when the operator asks for them.
 */
export const log = pino({
  level: process.env.LOG_LEVEL || (process.env.VITEST ? 'silent' : 'info'),
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
});

/** An error as one line: its message and code, and the message of its cause. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  const cause = error.cause instanceof Error ? ` (cause : ${error.cause.message})` : '';
  return `${error.message}${code ? ` [${code}]` : ''}${cause}`;
}
