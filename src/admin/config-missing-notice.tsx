import { MISSING_CONFIG_NOTICE } from '../lib/supabase-config.ts';

/** The yellow notice of spec §8 for a site built without a backend. */
export function ConfigMissingNotice() {
  return (
    <p className="notice notice--warning" role="status">
      {MISSING_CONFIG_NOTICE}
    </p>
  );
}
