import { Message } from '../../lib/message/message.tsx';
import { MISSING_CONFIG_NOTICE } from '../../lib/supabase-config.ts';

/** The yellow notice for a site built without a backend (docs/product.md#missing-configuration). */
export function ConfigMissingNotice() {
  return <Message kind="warning">{MISSING_CONFIG_NOTICE}</Message>;
}
