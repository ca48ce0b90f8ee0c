import { Link } from 'react-router-dom';
import { supabase as defaultClient } from '../../lib/supabase.ts';
import { newRequestsText } from './requests-model.ts';
import { useNewRequestCount } from './use-requests.ts';

/** The side navigation's badge: the count of new requests, said in full to screen readers. */
export function NewRequestsBadge() {
  const count = useNewRequestCount(defaultClient).data ?? 0;
  if (count === 0) return null;
  return (
    <span className="admin-nav__badge">
      <span aria-hidden="true">{count}</span>
      <span className="admin-visually-hidden">{` (${newRequestsText(count)})`}</span>
    </span>
  );
}

/** The home page's line on new requests, with the way to the inbox. */
export function NewRequestsSummary() {
  const count = useNewRequestCount(defaultClient);
  if (!count.isSuccess) return null;
  return (
    <p className="new-requests-summary" data-count={count.data}>
      <strong>{newRequestsText(count.data)}</strong>{' '}
      <Link to="/admin/demandes?statut=nouvelle">Voir les demandes</Link>
    </p>
  );
}
