import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { failureText } from '../errors/french-error.ts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { Link } from 'react-router-dom';
import { mediaRendering } from '../../content/media.ts';
import { formatLongDateTime } from '../../lib/dates-paris.ts';
import { LoadingStatus } from '../../lib/loading-status.tsx';
import { useSupabase } from '../client/client-context.tsx';
import { ConfigMissingNotice } from '../ui/config-missing-notice.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import {
  ALT_MAX_LENGTH,
  deleteMedia,
  formatSize,
  listMedia,
  MEDIA_MESSAGES,
  MediaKeptError,
  readUsages,
  saveAlt,
  type MediaItem,
} from './media-api.ts';
import type { MediaPlace } from './media-usage.ts';
import { PhotoUpload } from './photo-upload.tsx';
import './media-page.css';
import { AdminTitle } from '../shell/new-requests.tsx';
import { Message } from '../../lib/message/message.tsx';
import { MessageRegion } from '../../lib/message/message-region.tsx';
import { PageStep } from '../ui/page-step.tsx';

type Message = { kind: 'success' | 'error'; text: string };
/** The dialog shown: the confirmation of a deletion, or its refusal with the places of use. */
type Dialog = { kind: 'confirm'; item: MediaItem } | { kind: 'in-use'; places: MediaPlace[] };

export const mediaKeys = {
  all: ['admin', 'media'] as const,
  page: (search: string, page: number) => [...mediaKeys.all, search, page] as const,
};

export interface MediaPageProps {
  /** How the library's upload sends a photo; PhotoUpload's own unless given (tests). */
  send?: (file: File) => Promise<string>;
}

/** « Médiathèque » (/admin/medias): the uploaded photos (docs/decisions/024-media-library.md). */
export function MediaPage({ send }: MediaPageProps) {
  const client = useSupabase();
  return (
    <>
      <AdminTitle>Médiathèque</AdminTitle>
      <h1>Médiathèque</h1>
      {client ? <MediaLibrary client={client} send={send} /> : <ConfigMissingNotice />}
    </>
  );
}

function placesText(places: MediaPlace[]): string {
  return places.map((place) => place.label).join(', ');
}

function MediaLibrary({ client, send }: { client: SupabaseClient; send: MediaPageProps['send'] }) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [typed, setTyped] = useState('');
  const [message, setMessage] = useState<Message | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [busyName, setBusyName] = useState<string | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const searchId = useId();

  const list = useQuery({
    queryKey: mediaKeys.page(search, page),
    queryFn: () => listMedia(client, page, search),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });
  const reload = useCallback(
    () => queryClient.invalidateQueries({ queryKey: mediaKeys.all }),
    [queryClient],
  );

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    setSearch(typed.trim());
    setPage(1);
  };

  const askDelete = (item: MediaItem) => {
    setMessage(null);
    setDialog(
      item.usages && item.usages.length > 0
        ? { kind: 'in-use', places: item.usages }
        : { kind: 'confirm', item },
    );
  };

  const confirmDelete = async (item: MediaItem) => {
    setDialog(null);
    setBusyName(item.name);
    try {
      // Read again now: the photo may have been put in a page since the list was read.
      const places = (await readUsages(client, [item.name])).get(item.name) ?? [];
      if (places.length > 0) {
        setDialog({ kind: 'in-use', places });
        return;
      }
      await deleteMedia(client, item.name);
      setMessage({ kind: 'success', text: MEDIA_MESSAGES.deleted });
      await reload();
      listHeading.current?.focus();
    } catch (error) {
      console.error(MEDIA_MESSAGES.deleteFailed, error);
      setMessage({
        kind: 'error',
        text:
          error instanceof MediaKeptError
            ? MEDIA_MESSAGES.kept
            : failureText(MEDIA_MESSAGES.deleteFailed, error),
      });
    } finally {
      setBusyName(null);
    }
  };

  const data = list.data;
  return (
    <div className="media-library">
      <div className="media-library__messages">
        <MessageRegion kind="success">{message?.kind === 'success' && message.text}</MessageRegion>
        <MessageRegion kind="error">{message?.kind === 'error' && message.text}</MessageRegion>
      </div>

      <section className="media-library__add" aria-label="Ajouter une photo">
        <PhotoUpload
          id="media-library-upload"
          send={send}
          report={setMessage}
          onUploaded={() => {
            setMessage({ kind: 'success', text: MEDIA_MESSAGES.uploaded });
            // The new photo is the newest: first of the first page, whatever was searched.
            setTyped('');
            setSearch('');
            setPage(1);
            void reload();
          }}
        />
      </section>

      <form className="media-library__search" role="search" onSubmit={submitSearch}>
        <label htmlFor={searchId}>Rechercher par nom</label>
        <input
          id={searchId}
          type="search"
          className="form__input"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <button type="submit" className="button button--secondary">
          Rechercher
        </button>
      </form>

      <section aria-labelledby={headingId} aria-busy={list.isFetching}>
        <h2 id={headingId} ref={listHeading} tabIndex={-1}>
          Photos
        </h2>
        {list.isError && <Message kind="error">{MEDIA_MESSAGES.loadFailed}</Message>}
        {list.isPending ? (
          <LoadingStatus className="media-library__loading" label="Chargement des photos…" />
        ) : (
          data &&
          (data.items.length === 0 ? (
            <p className="media-library__empty">
              {search ? MEDIA_MESSAGES.noMatch : MEDIA_MESSAGES.empty}
            </p>
          ) : (
            <ul className="media-library__grid">
              {data.items.map((item) => (
                <MediaCard
                  key={item.name}
                  item={item}
                  client={client}
                  busy={busyName === item.name}
                  onDelete={() => askDelete(item)}
                  onMessage={setMessage}
                  onSaved={() => void reload()}
                />
              ))}
            </ul>
          ))
        )}
        {data && (data.page > 1 || data.hasMore) && (
          <nav className="media-library__pager" aria-label="Pages de la médiathèque">
            <PageStep
              label="Page précédente"
              blocked={data.page <= 1}
              onStep={() => setPage(data.page - 1)}
            />
            <p aria-live="polite">Page {data.page}</p>
            <PageStep
              label="Page suivante"
              blocked={!data.hasMore}
              onStep={() => setPage(data.page + 1)}
            />
          </nav>
        )}
      </section>

      {dialog?.kind === 'confirm' && (
        <ConfirmDialog
          title="Supprimer la photo ?"
          confirmLabel="Supprimer"
          onConfirm={() => void confirmDelete(dialog.item)}
          onCancel={() => setDialog(null)}
        >
          <p>Êtes-vous sûr de vouloir supprimer cette photo ? Elle ne pourra pas être récupérée.</p>
        </ConfirmDialog>
      )}
      {dialog?.kind === 'in-use' && (
        <ConfirmDialog
          title="Suppression impossible"
          cancelLabel="Fermer"
          onCancel={() => setDialog(null)}
        >
          <p>Cette photo est utilisée dans : {placesText(dialog.places)}. Remplacez-la d’abord.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

interface MediaCardProps {
  item: MediaItem;
  client: SupabaseClient;
  busy: boolean;
  onDelete: () => void;
  onMessage: (message: Message) => void;
  onSaved: () => void;
}

function MediaCard({ item, client, busy, onDelete, onMessage, onSaved }: MediaCardProps) {
  const nameId = useId();
  const altId = useId();
  const [alt, setAlt] = useState(item.alt);
  const [saving, setSaving] = useState(false);

  const submitAlt = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      await saveAlt(client, item.name, alt);
      onMessage({ kind: 'success', text: MEDIA_MESSAGES.altSaved });
      onSaved();
    } catch (error) {
      console.error(MEDIA_MESSAGES.altFailed, error);
      onMessage({ kind: 'error', text: failureText(MEDIA_MESSAGES.altFailed, error) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <li className="media-card">
      <img
        className="media-card__image"
        src={mediaRendering(item.publicUrl, 480) ?? item.publicUrl}
        alt={item.alt}
        width={480}
        height={320}
        loading="lazy"
        decoding="async"
      />
      <div className="media-card__text">
        <h3 id={nameId} className="media-card__name">
          {item.name}
        </h3>
        <p className="media-card__meta">
          {item.size !== null && <span>{formatSize(item.size)}</span>}
          {item.createdAt && <span>Ajoutée le {formatLongDateTime(item.createdAt)}</span>}
        </p>
        <Usage usages={item.usages} />
        <form className="media-card__alt" onSubmit={(event) => void submitAlt(event)}>
          <label htmlFor={altId}>Description de la photo (lue aux personnes aveugles)</label>
          <input
            id={altId}
            className="form__input"
            value={alt}
            maxLength={ALT_MAX_LENGTH}
            onChange={(event) => setAlt(event.target.value)}
          />
          <button
            type="submit"
            className="button button--small button--secondary"
            aria-describedby={nameId}
            disabled={saving}
          >
            Enregistrer le texte
          </button>
        </form>
        <button
          type="button"
          className="button button--small button--secondary button--danger"
          aria-describedby={nameId}
          disabled={busy}
          onClick={onDelete}
        >
          Supprimer
        </button>
      </div>
    </li>
  );
}

function Usage({ usages }: { usages: MediaPlace[] | null }) {
  if (usages === null) return <p className="media-card__usage">{MEDIA_MESSAGES.usageFailed}</p>;
  if (usages.length === 0) return <p className="media-card__usage">Non utilisée</p>;
  return (
    <div className="media-card__usage">
      <p>Utilisée dans :</p>
      <ul>
        {usages.map((place) => (
          <li key={`${place.href} ${place.label}`}>
            <Link to={place.href}>{place.label}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
