import { LoadingStatus } from '../../lib/loading-status.tsx';
import { formatViewCount } from '../../lib/view-count.ts';
import { useId, type Ref } from 'react';
import { BLOG_MESSAGES, pageCount, type PostListPage } from './blog-api.ts';
import { postStatus, statusLabel, type PostSummary } from './blog-post.ts';
import { Message } from '../../lib/message/message.tsx';
import { PageStep } from '../ui/page-step.tsx';

interface PostListProps {
  headingRef: Ref<HTMLHeadingElement>;
  list: {
    data?: PostListPage | undefined;
    isPending: boolean;
    isError: boolean;
    isFetching: boolean;
  };
  busyId: string | null;
  onPage(page: number): void;
  onEdit(post: PostSummary): void;
  onDelete(post: PostSummary): void;
  onPublish(post: PostSummary): void;
}

/** The articles of the current page and filter, with their buttons, and the pager. */
export function PostList({ headingRef, list, busyId, onPage, ...actions }: PostListProps) {
  const headingId = useId();
  const { data } = list;
  return (
    <section className="blog-admin__list" aria-labelledby={headingId} aria-busy={list.isFetching}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        Articles
      </h2>
      {list.isError && <Message kind="error">{BLOG_MESSAGES.loadFailed}</Message>}
      {list.isPending ? (
        <LoadingStatus className="blog-admin__loading" label="Chargement des articles…" />
      ) : (
        data &&
        (data.posts.length === 0 ? (
          <p className="blog-admin__empty">{BLOG_MESSAGES.empty}</p>
        ) : (
          <ul className="blog-admin__posts">
            {data.posts.map((post) => (
              <PostRow
                key={post.id}
                post={post}
                busy={busyId === post.id}
                onEdit={() => actions.onEdit(post)}
                onDelete={() => actions.onDelete(post)}
                onPublish={() => actions.onPublish(post)}
              />
            ))}
          </ul>
        ))
      )}
      {data && <Pager page={data.page} pages={pageCount(data.total)} onPage={onPage} />}
    </section>
  );
}

function Pager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage(page: number): void;
}) {
  if (pages <= 1) return null;
  return (
    <nav className="blog-admin__pager" aria-label="Pages de la liste">
      <PageStep label="Page précédente" blocked={page <= 1} onStep={() => onPage(page - 1)} />
      <p aria-live="polite">
        Page {page} sur {pages}
      </p>
      <PageStep label="Page suivante" blocked={page >= pages} onStep={() => onPage(page + 1)} />
    </nav>
  );
}

interface PostRowProps {
  post: PostSummary;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onPublish: () => void;
}

function PostRow({ post, busy, onEdit, onDelete, onPublish }: PostRowProps) {
  const titleId = useId();
  const status = postStatus(post);
  return (
    <li className="blog-admin__post">
      <div className="blog-admin__post-text">
        <h3 id={titleId} className="blog-admin__post-title">
          {post.title}
        </h3>
        <p className={`blog-admin__status blog-admin__status--${status}`}>{statusLabel(post)}</p>
        {status === 'published' ? (
          <p className="blog-admin__slug">
            <a href={`/blog/${encodeURIComponent(post.slug)}`} target="_blank" rel="noopener">
              /blog/{post.slug}
              <span className="visually-hidden">{` : voir « ${post.title} » sur le site (nouvel onglet)`}</span>
            </a>
            {' · '}
            {formatViewCount(post.views)}
          </p>
        ) : (
          <p className="blog-admin__slug">/blog/{post.slug}</p>
        )}
      </div>
      <div className="blog-admin__post-actions">
        <button
          type="button"
          className="button button--small button--secondary"
          aria-describedby={titleId}
          onClick={onEdit}
        >
          Modifier
        </button>
        {status !== 'published' && (
          <button
            type="button"
            className="button button--small"
            aria-describedby={titleId}
            disabled={busy}
            onClick={onPublish}
          >
            Publier maintenant
          </button>
        )}
        <button
          type="button"
          className="button button--small button--secondary button--danger"
          aria-describedby={titleId}
          disabled={busy}
          onClick={onDelete}
        >
          Supprimer
        </button>
      </div>
    </li>
  );
}
