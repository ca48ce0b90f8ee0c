/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Hosted Supabase project URL; absent for the self-hosted server (same origin). */
  readonly VITE_SUPABASE_URL?: string;
  /** Hosted Supabase anon key; absent for the self-hosted server (injected into the page). */
  readonly VITE_SUPABASE_ANON_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
