import { MISSING_CONFIG_NOTICE } from '../../lib/supabase-config.ts';

/** The yellow notice for a site built without a backend (docs/product.md#missing-configuration). */
export function ConfigMissingNotice() {
  return (
    <p className="notice notice--warning" role="status">
      {MISSING_CONFIG_NOTICE}
    </p>
  );
}
