import { Link } from 'react-router-dom';
import { useSupabase } from '../client/client-context.tsx';
import { newRequestsText, useNewRequestCount } from '../requests/index.ts';

/**
 * A back-office page's tab title, « (2) Demandes – Administration »: the count of new requests
 * comes first, on every page, so that a request arriving shows on a tab left open.
 */
export function AdminTitle({ children }: { children: string }) {
  const count = useNewRequestCount(useSupabase()).data ?? 0;
  return <title>{`${count > 0 ? `(${count}) ` : ''}${children} – Administration`}</title>;
}

/** The side navigation's badge: the count of new requests, said in full to screen readers. */
export function NewRequestsBadge() {
  const count = useNewRequestCount(useSupabase()).data ?? 0;
  if (count === 0) return null;
  return (
    <span className="admin-nav__badge">
      <span aria-hidden="true">{count}</span>
      <span className="admin-visually-hidden">{` (${newRequestsText(count)})`}</span>
    </span>
  );
}

/**
 * The home page's line on new requests, with the way to the inbox. Its box is there from the
 * start, so the page below does not move when the count arrives.
 */
export function NewRequestsSummary() {
  const count = useNewRequestCount(useSupabase());
  return (
    <p className="new-requests-summary">
      {count.isSuccess ? (
        <>
          <strong>{newRequestsText(count.data)}</strong>{' '}
          <Link to="/admin/demandes?statut=nouvelle">Voir les demandes</Link>
        </>
      ) : (
        <Link to="/admin/demandes">Demandes</Link>
      )}
    </p>
  );
}
