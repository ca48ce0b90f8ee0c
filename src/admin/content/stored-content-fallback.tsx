import type { ReactNode } from 'react';
import type { SiteContent } from '../../content/content.ts';
import type { ContentType } from '../../content/generated/types.ts';
import { PageLoading } from '../../lib/page-loading.tsx';
import { Message } from '../../lib/message/message.tsx';
import { useContentVersions } from './save-content.ts';
import { useStoredContent } from './use-stored-content.ts';

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
    <Message kind="error" as="div">
      <p>Le contenu enregistré n&apos;a pas pu être chargé : réessayez avant de le modifier.</p>
      <button type="button" className="button button--small" onClick={() => void retry()}>
        Réessayer
      </button>
    </Message>
  );
}

/**
 * The stored content and each stored type's version (what a save is based on,
 * docs/decisions/026-no-silent-overwrite.md), or what to show until both are read.
 */
export function useVersionedContent():
  | { ready: false; fallback: ReactNode }
  | { ready: true; content: SiteContent; versions: Partial<Record<ContentType, string>> } {
  const load = useStoredContent();
  const versions = useContentVersions();
  const fallback = storedContentFallback({
    ...load,
    isLoading: load.isLoading || versions.isPending,
    failed: load.failed || versions.isError,
    retry: async () => {
      await Promise.all([load.retry(), versions.refetch()]);
    },
  });
  if (fallback) return { ready: false, fallback };
  if (!versions.data) return { ready: false, fallback: <PageLoading /> };
  return { ready: true, content: load.content, versions: versions.data };
}
