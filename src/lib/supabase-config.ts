/**
 * Where the browser finds its backend. A build made with VITE_SUPABASE_URL and
 * VITE_SUPABASE_ANON_KEY (hosted Supabase) uses them; otherwise the self-hosted server injects the
 * anon key into the page, and the API lives on the same origin as the site. One build thus works
 * with any secret (server/site.ts, injectConfig).
 */

export interface SupabaseConfig {
  url: string;
  anonKey: string;
}

export interface ConfigSources {
  /** Build-time values (import.meta.env). */
  env: { VITE_SUPABASE_URL?: string | undefined; VITE_SUPABASE_ANON_KEY?: string | undefined };
  /** Text of the `<script type="application/json" id="supabase-config">` block, if any. */
  injectedJson: string | null | undefined;
  /** The page's origin, when running in a browser. */
  origin: string | undefined;
}

export const CONFIG_ELEMENT_ID = 'supabase-config';

/** The notice for a missing backend (docs/product.md#missing-configuration). */
export const MISSING_CONFIG_MESSAGE = 'Configuration Supabase manquante';

/** The back-office's yellow notice for a missing backend. */
export const MISSING_CONFIG_NOTICE = `${MISSING_CONFIG_MESSAGE}. Veuillez vérifier vos variables d'environnement.`;

function readInjectedKey(json: string | null | undefined): string | undefined {
  if (!json) return undefined;
  try {
    const data: unknown = JSON.parse(json);
    if (data && typeof data === 'object' && 'anonKey' in data && typeof data.anonKey === 'string') {
      return data.anonKey || undefined;
    }
  } catch {
    // A malformed block means "not configured", which the screens report in French.
  }
  return undefined;
}

/** Returns the backend's URL and anon key, or null when the page has neither source. */
export function resolveSupabaseConfig({
  env,
  injectedJson,
  origin,
}: ConfigSources): SupabaseConfig | null {
  const envUrl = env.VITE_SUPABASE_URL?.trim();
  const envKey = env.VITE_SUPABASE_ANON_KEY?.trim();
  if (envUrl && envKey) return { url: envUrl, anonKey: envKey };

  const injectedKey = readInjectedKey(injectedJson);
  if (injectedKey && origin) return { url: origin, anonKey: injectedKey };
  return null;
}

/**
 * Where a browser keeps the signed-in session: the name supabase-js gives it by default, stated
 * here so that the login page's auth client and the back-office's full client share it.
 */
export function authStorageKey(config: SupabaseConfig): string {
  return `sb-${new URL(config.url).hostname.split('.')[0]}-auth-token`;
}

/** The sources as the current browser page sees them (none during server rendering). */
export function browserConfigSources(): ConfigSources {
  const hasDom = typeof document !== 'undefined';
  return {
    env: {
      VITE_SUPABASE_URL: import.meta.env.VITE_SUPABASE_URL,
      VITE_SUPABASE_ANON_KEY: import.meta.env.VITE_SUPABASE_ANON_KEY,
    },
    injectedJson: hasDom ? document.getElementById(CONFIG_ELEMENT_ID)?.textContent : undefined,
    origin: typeof window !== 'undefined' ? window.location.origin : undefined,
  };
}
