import type { ReactNode } from 'react';
import { PageLoading } from '../../lib/page-loading.tsx';
import type { useStoredContent } from './use-stored-content.ts';

/**
 * What an editor shows instead of its form while the stored content loads, or after the load
 * failed (with a retry); null once the content is there.
 */
export function storedContentFallback({
  isLoading,
  failed,
  retry,
}: ReturnType<typeof useStoredContent>): ReactNode {
  if (isLoading) return <PageLoading />;
  if (!failed) return null;
  return (
    <div className="form__error" role="alert">
      <p>Le contenu enregistré n&apos;a pas pu être chargé : réessayez avant de le modifier.</p>
      <button type="button" className="button button--small" onClick={() => void retry()}>
        Réessayer
      </button>
    </div>
  );
}
