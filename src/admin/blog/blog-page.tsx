import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useSupabase } from '../client/client-context.tsx';
import { blogPostKeys } from '../../site/blog/api/keys.ts';
import { AiArticlePanel } from '../ai/index.ts';
import { ConfigMissingNotice } from '../ui/config-missing-notice.tsx';
import {
  BLOG_MESSAGES,
  deletePost,
  fetchPost,
  publishNow,
  savePost,
  type SaveMode,
} from './blog-api.ts';
import { versionsQuery } from '../content/history-api.ts';
import {
  CONFLICT_MESSAGE,
  DELETED_MESSAGE,
  isSaveConflict,
  OVERWRITE_LABEL,
  RELOAD_LABEL,
} from '../content/save-conflict.ts';
import { DeletedPosts } from './deleted-posts.tsx';
import { BlogForm, postDraftKey } from './blog-form.tsx';
import { useEditingRoom } from '../editor/use-editing-room.ts';
import { clearDraft } from '../unsaved/local-draft.ts';
import { failureText } from '../errors/french-error.ts';
import { BlogToolbar } from './blog-toolbar.tsx';
import {
  EMPTY_POST_FORM,
  formFromPost,
  type BlogPost,
  type BlogPostForm,
  type PostFilter,
  type PostSummary,
} from './blog-post.ts';
import { PostList } from './post-list.tsx';
import { usePostList } from './use-post-list.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import './blog-page.css';
import { AdminTitle } from '../shell/new-requests.tsx';
import { Message } from '../../lib/message/message.tsx';
import { MessageRegion } from '../../lib/message/message-region.tsx';

type FormState = { mode: 'closed' } | { mode: 'new' } | { mode: 'edit'; post: BlogPost };
/**
 * The page's one message: each action replaces it, wherever it was taken. `where` is the section
 * that shows it, next to the button used (the list's actions, or « Articles supprimés »).
 */
type Message = { kind: 'success' | 'error'; text: string; where?: 'deleted' };
/** A save refused because the post changed or was deleted elsewhere, and what was typed. */
type Conflict = { reason: 'changed' | 'deleted'; data: BlogPostForm };

/**
 * 'Gestion du Blog' (/admin/blog): the articles first, then the AI generation panel folded away
 * (opened on demand), so that on a phone the list starts at the top of the screen.
 */
export function BlogPage() {
  const client = useSupabase();
  return (
    <>
      <AdminTitle>Gestion du Blog</AdminTitle>
      <h1>Gestion du Blog</h1>
      {client ? <BlogManager client={client} /> : <ConfigMissingNotice />}
    </>
  );
}

function BlogManager({ client }: { client: SupabaseClient }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<FormState>({ mode: 'closed' });
  const [filter, setFilter] = useState<PostFilter>('all');
  const [page, setPage] = useState(1);
  const [message, setMessage] = useState<Message | null>(null);
  const [toDelete, setToDelete] = useState<PostSummary | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const newButton = useRef<HTMLButtonElement>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const formId = useId();
  // The edited post's room lives here, not in the form: the form closes on a successful save, and
  // the others are told of that save before this tab leaves the room
  // (docs/decisions/052-live-back-office.md).
  const room = useEditingRoom(form.mode === 'edit' ? postDraftKey(form.post.id) : undefined);
  const { announceSave, clearSavedElsewhere } = room;

  const list = usePostList(client, filter, page);
  const { refetch } = list;
  // The list may answer with another page than asked (posts removed meanwhile): it is the one shown.
  const shownPage = list.data?.page;
  if (shownPage !== undefined && shownPage !== page && !list.isPlaceholderData) setPage(shownPage);

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
    async (data: BlogPostForm, mode: SaveMode = 'based') => {
      setConflict(null);
      try {
        await savePost(client, data, form.mode === 'edit' ? form.post : null, mode);
      } catch (error) {
        if (isSaveConflict(error)) {
          setMessage(null);
          setConflict({ reason: error.reason, data });
          return;
        }
        console.error(BLOG_MESSAGES.saveFailed, error);
        setMessage({ kind: 'error', text: failureText(BLOG_MESSAGES.saveFailed, error) });
        return;
      }
      await announceSave();
      clearDraft(postDraftKey(form.mode === 'edit' ? form.post.id : null));
      setMessage({ kind: 'success', text: BLOG_MESSAGES.saved });
      closeForm();
      await reload();
    },
    [client, form, closeForm, reload, announceSave],
  );

  /**
   * « Recharger la version enregistrée » (after a refused save, or another's save): the form
   * opens again on the post as stored now.
   */
  const reloadPost = useCallback(async () => {
    if (form.mode !== 'edit') return;
    try {
      const post = await fetchPost(client, form.post.id);
      setConflict(null);
      clearSavedElsewhere();
      setForm({ mode: 'edit', post });
    } catch (error) {
      console.error(BLOG_MESSAGES.postLoadFailed, error);
      setMessage({ kind: 'error', text: BLOG_MESSAGES.postLoadFailed });
    }
  }, [client, form, clearSavedElsewhere]);

  const editedId = form.mode === 'edit' ? form.post.id : null;
  const history = useMemo(
    () => (editedId ? versionsQuery<BlogPost>(client, 'post', editedId) : undefined),
    [client, editedId],
  );

  /** The form opens on the full post, read now: the list has no content. */
  const openForEditing = useCallback(
    async (summary: PostSummary) => {
      if (busyId !== null) return;
      setMessage(null);
      setConflict(null);
      // The post is read now: a save announced before is in it.
      clearSavedElsewhere();
      setBusyId(summary.id);
      try {
        setForm({ mode: 'edit', post: await fetchPost(client, summary.id) });
      } catch (error) {
        console.error(BLOG_MESSAGES.postLoadFailed, error);
        setMessage({ kind: 'error', text: failureText(BLOG_MESSAGES.postLoadFailed, error) });
      } finally {
        setBusyId(null);
      }
    },
    [client, busyId, clearSavedElsewhere],
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
      setMessage({ kind: 'error', text: failureText(BLOG_MESSAGES.deleteFailed, error) });
    } finally {
      setBusyId(null);
    }
  }, [client, toDelete, form, reload]);

  const handlePublish = useCallback(
    async (post: PostSummary) => {
      setBusyId(post.id);
      try {
        await publishNow(client, post.id);
        setMessage({ kind: 'success', text: BLOG_MESSAGES.published });
        await reload();
        // « Publier maintenant » is gone from a published post's row: the focus starts again here.
        listHeading.current?.focus();
      } catch (error) {
        console.error(BLOG_MESSAGES.publishFailed, error);
        setMessage({ kind: 'error', text: failureText(BLOG_MESSAGES.publishFailed, error) });
      } finally {
        setBusyId(null);
      }
    },
    [client, reload],
  );

  const formOpen = form.mode !== 'closed';
  const listMessage = message?.where ? null : message;

  return (
    <div className="blog-admin">
      <div className="blog-admin__messages">
        <MessageRegion kind="success">
          {listMessage?.kind === 'success' && listMessage.text}
        </MessageRegion>
        <MessageRegion kind="error">
          {listMessage?.kind === 'error' && listMessage.text}
        </MessageRegion>
      </div>

      <BlogToolbar
        newButtonRef={newButton}
        newFormOpen={form.mode === 'new'}
        formId={formOpen ? formId : undefined}
        onToggleNew={() => {
          setMessage(null);
          setForm(form.mode === 'new' ? { mode: 'closed' } : { mode: 'new' });
        }}
        reloading={list.isFetching}
        onReload={() => void refetch()}
        filter={filter}
        onFilter={(next) => {
          setFilter(next);
          setPage(1);
        }}
      />

      {formOpen && (
        <div id={formId}>
          {conflict && (
            <Message kind="error" as="div" className="blog-admin__conflict">
              <p>{conflict.reason === 'changed' ? CONFLICT_MESSAGE : DELETED_MESSAGE}</p>
              {conflict.reason === 'changed' ? (
                <>
                  <button
                    type="button"
                    className="button button--small button--secondary"
                    onClick={() => void reloadPost()}
                  >
                    {RELOAD_LABEL}
                  </button>
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() => void handleSave(conflict.data, 'overwrite')}
                  >
                    {OVERWRITE_LABEL}
                  </button>
                </>
              ) : (
                <>
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() => void handleSave(conflict.data, 'recreate')}
                  >
                    Recréer l’article
                  </button>
                  <button
                    type="button"
                    className="button button--small button--secondary"
                    onClick={() => {
                      setConflict(null);
                      closeForm();
                      void reload();
                    }}
                  >
                    Abandonner
                  </button>
                </>
              )}
            </Message>
          )}
          <BlogForm
            key={form.mode === 'edit' ? `${form.post.id} ${form.post.updated_at}` : 'new'}
            mode={form.mode}
            initialData={form.mode === 'edit' ? formFromPost(form.post) : EMPTY_POST_FORM}
            onSubmit={handleSave}
            onCancel={() => {
              setConflict(null);
              closeForm();
            }}
            history={history}
            draftKey={postDraftKey(form.mode === 'edit' ? form.post.id : null)}
            room={form.mode === 'edit' ? room : undefined}
            onReload={() => void reloadPost()}
          />
        </div>
      )}

      <PostList
        headingRef={listHeading}
        list={list}
        busyId={busyId}
        onPage={(next) => {
          setPage(next);
          listHeading.current?.focus();
        }}
        onEdit={(post) => void openForEditing(post)}
        onDelete={setToDelete}
        onPublish={(post) => void handlePublish(post)}
      />

      <details className="blog-admin__ai">
        <summary className="blog-admin__ai-summary">Générer des articles avec l’IA</summary>
        <AiArticlePanel onGenerated={() => void reload()} />
      </details>

      <DeletedPosts
        client={client}
        outcome={message?.where === 'deleted' ? message : null}
        onOutcome={(outcome) => setMessage(outcome && { ...outcome, where: 'deleted' })}
      />

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
