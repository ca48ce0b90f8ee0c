import { useQuery } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';

export const accountKeys = {
  totpFactor: ['admin', 'account', 'totp-factor'] as const,
};

/**
 * The id of the administrator's TOTP factor, or null without one. A failed read throws: « Mon
 * compte » then says so, rather than showing two-factor sign-in as off when it may be on.
 */
export async function readTotpFactor(client: SupabaseClient): Promise<string | null> {
  const { data, error } = await client.auth.mfa.listFactors();
  if (error) throw error;
  return data.totp[0]?.id ?? null;
}

/** Read each time « Mon compte » opens; invalidated after each change of the factors. */
export function useTotpFactor(client: SupabaseClient) {
  return useQuery({
    queryKey: accountKeys.totpFactor,
    queryFn: () => readTotpFactor(client),
    staleTime: 0,
    retry: false,
  });
}
