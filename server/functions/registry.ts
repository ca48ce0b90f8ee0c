import type { FunctionEnv, FunctionHandler } from '../../supabase/functions/_shared/env.ts';
import { createHandler as appointments } from '../../supabase/functions/appointments/handler.ts';
import { createHandler as generateArticles } from '../../supabase/functions/generate-articles/handler.ts';
import { createHandler as recordVisit } from '../../supabase/functions/recordVisit/handler.ts';
import { createHandler as requestMails } from '../../supabase/functions/request-mails/handler.ts';

export interface EdgeFunction {
  /** The folder under supabase/functions/ and the path under /functions/v1/. */
  name: string;
  /** As `[functions.<name>] verify_jwt` in supabase/config.toml: the gateway demands a valid JWT. */
  verifyJwt: boolean;
  createHandler: (env: FunctionEnv) => FunctionHandler;
}

/**
 * The functions the self-hosted server runs. Imported statically, so a request can only ever
 * reach one of these, never a path it names. Must agree with supabase/config.toml (tested).
 */
export const EDGE_FUNCTIONS: readonly EdgeFunction[] = [
  { name: 'recordVisit', verifyJwt: true, createHandler: recordVisit },
  { name: 'generate-articles', verifyJwt: true, createHandler: generateArticles },
  { name: 'request-mails', verifyJwt: true, createHandler: requestMails },
  { name: 'appointments', verifyJwt: true, createHandler: appointments },
];
