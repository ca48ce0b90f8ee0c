import { useCallback, useId, useRef, useState } from 'react';
import type { SupabaseClient } from '@supabase/supabase-js';
import { DELETED_DAYS, type DeletedPost } from '../content/history-api.ts';
import { isUniqueViolation } from '../content/save-conflict.ts';
import { formatLongDateTime } from '../../lib/dates-paris.ts';
import { useDeletedPosts, useRestoreDeletedPost } from './use-deleted-posts.ts';
import { MessageRegion } from '../../lib/message/message-region.tsx';

type Outcome = { kind: 'success' | 'error'; text: string };

/**
 * « Articles supprimés »: the posts deleted in the last days, each with « Restaurer », which puts
 * it back with its id and address (docs/decisions/025-content-history.md). What a restore says is
 * the blog page's one message (`outcome`), so that it replaces the message of the action before.
 */
export function DeletedPosts({
  client,
  outcome,
  onOutcome: setOutcome,
}: {
  client: SupabaseClient;
  outcome: Outcome | null;
  onOutcome: (outcome: Outcome | null) => void;
}) {
  const [open, setOpen] = useState(false);
  // The button goes away once pressed: the focus moves to the section's title, above the list.
  const title = useRef<HTMLHeadingElement>(null);
  const show = () => {
    setOpen(true);
    requestAnimationFrame(() => title.current?.focus());
  };
  const deletedPosts = useDeletedPosts(client, open);
  const { mutateAsync: restorePost, isPending: restoring } = useRestoreDeletedPost(client);
  const titleId = useId();

  const restore = useCallback(
    async (deleted: DeletedPost) => {
      setOutcome(null);
      try {
        const { slug } = await restorePost(deleted);
        setOutcome({
          kind: 'success',
          text:
            slug === deleted.post.slug
              ? `Article « ${deleted.post.title} » restauré.`
              : `Article « ${deleted.post.title} » restauré, à une nouvelle adresse : /blog/${slug} (l’adresse /blog/${deleted.post.slug} est prise par un autre article).`,
        });
      } catch (error) {
        console.error('Erreur lors de la restauration de l’article', error);
        setOutcome({
          kind: 'error',
          text: isUniqueViolation(error)
            ? 'Cet article a déjà été restauré : il est dans la liste des articles.'
            : 'La restauration a échoué. Vérifiez votre connexion, puis réessayez.',
        });
      }
    },
    [restorePost, setOutcome],
  );

  return (
    <section className="blog-admin__deleted" aria-labelledby={titleId}>
      <h2 id={titleId} ref={title} tabIndex={-1}>
        Articles supprimés
      </h2>
      {!open ? (
        <button type="button" className="button button--small button--secondary" onClick={show}>
          Voir les articles supprimés depuis {DELETED_DAYS} jours
        </button>
      ) : (
        <>
          <p role="status">
            {outcome?.kind === 'success' ? outcome.text : ''}
            {deletedPosts.isPending ? 'Chargement des articles supprimés…' : ''}
          </p>
          <MessageRegion kind="error">
            {outcome?.kind === 'error' && outcome.text}
            {deletedPosts.isError &&
              'Les articles supprimés n’ont pas pu être chargés. Vérifiez votre connexion, puis réessayez.'}
          </MessageRegion>
          {deletedPosts.data?.length === 0 && (
            <p>Aucun article supprimé depuis {DELETED_DAYS} jours.</p>
          )}
          {deletedPosts.data && deletedPosts.data.length > 0 && (
            <ul className="blog-admin__deleted-list">
              {deletedPosts.data.map((deleted) => (
                <li key={deleted.historyId}>
                  <span>
                    <strong>{deleted.post.title}</strong> — supprimé le{' '}
                    {formatLongDateTime(deleted.deletedAt)}
                    {deleted.deletedBy ? ` par ${deleted.deletedBy}` : ''}
                  </span>{' '}
                  <button
                    type="button"
                    className="button button--small"
                    disabled={restoring}
                    aria-label={`Restaurer « ${deleted.post.title} »`}
                    onClick={() => void restore(deleted)}
                  >
                    Restaurer
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
