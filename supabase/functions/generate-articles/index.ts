// Entry point on hosted Supabase (Deno). The self-hosted server imports handler.ts directly.
import { createHandler } from './handler.ts';

declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(handler: (req: Request) => Promise<Response>): unknown;
};

function required(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`Variable d'environnement manquante : ${name}`);
  return value;
}

const timeout = Number(Deno.env.get('OPENAI_TIMEOUT_MS'));

Deno.serve(
  createHandler({
    supabaseUrl: required('SUPABASE_URL'),
    serviceRoleKey: required('SUPABASE_SERVICE_ROLE_KEY'),
    // Optional: OpenAI's API, a 60-second timeout and the caller's origin by default.
    openaiBaseUrl: Deno.env.get('OPENAI_BASE_URL') || undefined,
    openaiTimeoutMs: Number.isInteger(timeout) && timeout > 0 ? timeout : undefined,
    siteUrl: Deno.env.get('SITE_URL') || undefined,
  }),
);
