/**
 * What every function is given by the runtime that hosts it: hosted Supabase (Deno, from its
 * environment variables) or the self-hosted server (which calls the handler in-process).
 */
export interface FunctionEnv {
  supabaseUrl: string;
  /** Bypasses RLS: stays inside the function, never in a response or a log. */
  serviceRoleKey: string;
  /** How supabase-js reaches the API; the self-hosted server passes one that never leaves the process. */
  fetch?: typeof fetch;
  /** A WebSocket class for runtimes without one (Node 20): supabase-js refuses to start otherwise. */
  WebSocket?: unknown;
}

export type FunctionHandler = (req: Request) => Promise<Response>;
