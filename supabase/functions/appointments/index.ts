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

Deno.serve(
  createHandler({
    supabaseUrl: required('SUPABASE_URL'),
    serviceRoleKey: required('SUPABASE_SERVICE_ROLE_KEY'),
    // The public site's address, for the customer's link in the confirmation mail.
    siteUrl: Deno.env.get('SITE_URL') || undefined,
  }),
);
