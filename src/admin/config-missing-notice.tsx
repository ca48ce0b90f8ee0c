import { MISSING_CONFIG_MESSAGE } from '../lib/supabase.ts';

/** The yellow notice of spec §8 for a site built without a backend. */
export function ConfigMissingNotice() {
  return (
    <p className="notice notice--warning" role="status">
      {MISSING_CONFIG_MESSAGE}. Veuillez vérifier vos variables d&apos;environnement.
    </p>
  );
}
