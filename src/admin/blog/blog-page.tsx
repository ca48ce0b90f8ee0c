import { useCallback, useId, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { supabase as defaultClient } from '../../lib/supabase.ts';
import { blogPostKeys } from '../../site/blog/api/keys.ts';
import { AiArticlePanel } from '../ai/ai-article-panel.tsx';
import { ConfigMissingNotice } from '../config-missing-notice.tsx';
import { BLOG_MESSAGES, deletePost, listPosts, publishNow, savePost } from './blog-api.ts';
import { BlogForm } from './blog-form.tsx';
import {
  EMPTY_POST_FORM,
  FILTER_OPTIONS,
  formFromPost,
  matchesFilter,
  postStatus,
  statusLabel,
  type BlogPost,
  type BlogPostForm,
  type PostFilter,
} from './blog-post.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import './blog-page.css';

/** The admin list's query key; under blogPostKeys.all so that any change refreshes the site too. */
export const adminPostsKey = [...blogPostKeys.all, 'admin'] as const;

type FormState = { mode: 'closed' } | { mode: 'new' } | { mode: 'edit'; post: BlogPost };
type Message = { kind: 'success' | 'error'; text: string };

export interface BlogPageProps {
  /** The supabase-js client; the app's one client by default (tests pass their own). */
  client?: SupabaseClient | null;
}

/** 'Gestion du Blog' (/admin/blog, spec §2 panel 5), with the AI generation panel on top. */
export function BlogPage({ client = defaultClient }: BlogPageProps) {
  return (
    <>
      <title>Gestion du Blog – Administration</title>
      <h1>Gestion du Blog</h1>
      {client ? <BlogManager client={client} /> : <ConfigMissingNotice />}
    </>
  );
}

function BlogManager({ client }: { client: SupabaseClient }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<FormState>({ mode: 'closed' });
  const [filter, setFilter] = useState<PostFilter>('all');
  const [message, setMessage] = useState<Message | null>(null);
  const [toDelete, setToDelete] = useState<BlogPost | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const newButton = useRef<HTMLButtonElement>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const formId = useId();
  const filterId = useId();
  const listHeadingId = useId();

  const posts = useQuery({
    queryKey: adminPostsKey,
    queryFn: () => listPosts(client),
    staleTime: 0,
    retry: false,
  });
  const { refetch } = posts;

  /** The list, and every public reader of the posts, fetch again. */
  const reload = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: blogPostKeys.all });
  }, [queryClient]);

  const closeForm = useCallback(() => {
    setForm({ mode: 'closed' });
    // The form held the focus: it goes back to the button that opens it.
    setTimeout(() => newButton.current?.focus(), 0);
  }, []);

  const handleSave = useCallback(
    async (data: BlogPostForm) => {
      try {
        await savePost(client, data, form.mode === 'edit' ? form.post : null);
      } catch (error) {
        console.error(BLOG_MESSAGES.saveFailed, error);
        setMessage({ kind: 'error', text: BLOG_MESSAGES.saveFailed });
        return;
      }
      setMessage({ kind: 'success', text: BLOG_MESSAGES.saved });
      closeForm();
      await reload();
    },
    [client, form, closeForm, reload],
  );

  const confirmDelete = useCallback(async () => {
    const post = toDelete;
    setToDelete(null);
    if (!post) return;
    setBusyId(post.id);
    try {
      await deletePost(client, post.id);
      setMessage({ kind: 'success', text: BLOG_MESSAGES.deleted });
      if (form.mode === 'edit' && form.post.id === post.id) setForm({ mode: 'closed' });
      await reload();
      listHeading.current?.focus();
    } catch (error) {
      console.error(BLOG_MESSAGES.deleteFailed, error);
      setMessage({ kind: 'error', text: BLOG_MESSAGES.deleteFailed });
    } finally {
      setBusyId(null);
    }
  }, [client, toDelete, form, reload]);

  const handlePublish = useCallback(
    async (post: BlogPost) => {
      setBusyId(post.id);
      try {
        await publishNow(client, post.id);
        setMessage({ kind: 'success', text: BLOG_MESSAGES.published });
        await reload();
      } catch (error) {
        console.error(BLOG_MESSAGES.publishFailed, error);
        setMessage({ kind: 'error', text: BLOG_MESSAGES.publishFailed });
      } finally {
        setBusyId(null);
      }
    },
    [client, reload],
  );

  const shown = (posts.data ?? []).filter((post) => matchesFilter(post, filter));
  const formOpen = form.mode !== 'closed';

  return (
    <div className="blog-admin">
      <AiArticlePanel onGenerated={() => void reload()} client={client} />

      <div className="blog-admin__messages">
        <p role="status" className={message?.kind === 'success' ? 'blog-admin__success' : ''}>
          {message?.kind === 'success' ? message.text : ''}
        </p>
        <div role="alert">
          {message?.kind === 'error' && <p className="form__error">{message.text}</p>}
        </div>
      </div>

      <div className="blog-admin__toolbar">
        <button
          ref={newButton}
          type="button"
          className="button"
          aria-expanded={form.mode === 'new'}
          aria-controls={formOpen ? formId : undefined}
          onClick={() => {
            setMessage(null);
            setForm(form.mode === 'new' ? { mode: 'closed' } : { mode: 'new' });
          }}
        >
          Nouvel Article
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={posts.isFetching}
          onClick={() => void refetch()}
        >
          Recharger la liste
        </button>
        <div className="blog-admin__filter">
          <label htmlFor={filterId}>Filtrer les articles</label>
          <select
            id={filterId}
            className="editor-input"
            value={filter}
            onChange={(event) => setFilter(event.target.value as PostFilter)}
          >
            {FILTER_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>

      {formOpen && (
        <div id={formId}>
          <BlogForm
            key={form.mode === 'edit' ? form.post.id : 'new'}
            mode={form.mode}
            initialData={form.mode === 'edit' ? formFromPost(form.post) : EMPTY_POST_FORM}
            onSubmit={handleSave}
            onCancel={closeForm}
          />
        </div>
      )}

      <section
        className="blog-admin__list"
        aria-labelledby={listHeadingId}
        aria-busy={posts.isFetching}
      >
        <h2 id={listHeadingId} ref={listHeading} tabIndex={-1}>
          Articles
        </h2>
        {posts.isError && (
          <p className="form__error" role="alert">
            {BLOG_MESSAGES.loadFailed}
          </p>
        )}
        {posts.isPending ? (
          <div className="blog-admin__loading" role="status">
            <span className="spinner" aria-hidden="true" />
            <span className="visually-hidden">Chargement des articles…</span>
          </div>
        ) : (
          posts.isSuccess &&
          (shown.length === 0 ? (
            <p className="blog-admin__empty">{BLOG_MESSAGES.empty}</p>
          ) : (
            <ul className="blog-admin__posts">
              {shown.map((post) => (
                <PostRow
                  key={post.id}
                  post={post}
                  busy={busyId === post.id}
                  onEdit={() => {
                    setMessage(null);
                    setForm({ mode: 'edit', post });
                  }}
                  onDelete={() => setToDelete(post)}
                  onPublish={() => void handlePublish(post)}
                />
              ))}
            </ul>
          ))
        )}
      </section>

      {toDelete !== null && (
        <ConfirmDialog
          title="Supprimer l'article"
          confirmLabel="Supprimer"
          onConfirm={() => void confirmDelete()}
          onCancel={() => setToDelete(null)}
        >
          <p>{BLOG_MESSAGES.confirmDelete}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

interface PostRowProps {
  post: BlogPost;
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
        <p className="blog-admin__slug">/blog/{post.slug}</p>
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
