import { useEffect, useId, useRef, useState } from 'react';
import type { SupabaseClient } from '@supabase/supabase-js';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  listMedia,
  MEDIA_MESSAGES,
  mediaKeys,
  storedPhotoAddress,
  type MediaItem,
} from '../media/index.ts';
import { Message } from '../../lib/message/message.tsx';
import { PageStep } from '../ui/page-step.tsx';

export const PHOTO_ALT_REQUIRED = 'Décrivez la photo pour les personnes qui ne la voient pas.';

export interface ChosenPhoto {
  src: string;
  alt: string;
}

interface PhotoPickerProps {
  client: SupabaseClient;
  onChoose: (photo: ChosenPhoto) => void;
  onCancel: () => void;
}

/**
 * « Photo »: a photo of the media library (docs/decisions/024-media-library.md), newest first, a
 * page at a time, with its description, which the article shows to people who do not see it.
 */
export function PhotoPicker({ client, onChoose, onCancel }: PhotoPickerProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const altInput = useRef<HTMLInputElement>(null);
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<MediaItem | null>(null);
  const [alt, setAlt] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const list = useQuery({
    queryKey: mediaKeys.page('', page),
    queryFn: () => listMedia(client, page, ''),
    retry: false,
    // The page shown stays while the next one loads: its buttons, and the focus on them, stay.
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    const box = dialog.current;
    if (box && !box.open) box.showModal();
    return () => box?.close();
  }, []);

  const choose = (item: MediaItem) => {
    setChosen(item);
    setAlt(item.alt);
    setProblem(null);
    requestAnimationFrame(() => altInput.current?.focus());
  };
  const insert = () => {
    if (!chosen) return;
    if (!alt.trim()) {
      setProblem(PHOTO_ALT_REQUIRED);
      altInput.current?.focus();
      return;
    }
    onChoose({ src: storedPhotoAddress(chosen.publicUrl), alt: alt.trim() });
  };

  return (
    <dialog
      ref={dialog}
      className="photo-picker"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={`${id}-title`}>Choisir une photo de la médiathèque</h2>
      {list.isPending && <p role="status">Chargement des photos…</p>}
      {list.isError && <Message kind="error">{MEDIA_MESSAGES.loadFailed}</Message>}
      {list.data && list.data.items.length === 0 && <p>{MEDIA_MESSAGES.empty}</p>}
      {list.data && list.data.items.length > 0 && (
        <ul className="photo-picker__list" aria-busy={list.isFetching}>
          {list.data.items.map((item) => (
            <li key={item.name}>
              <button
                type="button"
                className="photo-picker__photo"
                aria-pressed={chosen?.name === item.name}
                onClick={() => choose(item)}
              >
                <img src={item.publicUrl} alt="" loading="lazy" />
                <span>{item.alt || item.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {list.data && (page > 1 || list.data.hasMore) && (
        <div className="photo-picker__pages">
          <PageStep
            label="Photos précédentes"
            blocked={page === 1}
            onStep={() => setPage(page - 1)}
          />
          <PageStep
            label="Photos suivantes"
            blocked={!list.data.hasMore}
            onStep={() => setPage(page + 1)}
          />
        </div>
      )}
      {chosen && (
        <div className={`editor-field${problem ? ' editor-field--invalid' : ''}`}>
          <label className="editor-field__label" htmlFor={`${id}-alt`}>
            Description de la photo (lue aux personnes aveugles)
          </label>
          <input
            ref={altInput}
            id={`${id}-alt`}
            className="editor-input"
            value={alt}
            maxLength={250}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-alt-problem` : undefined}
            onChange={(event) => {
              setAlt(event.target.value);
              setProblem(null);
            }}
          />
          {problem && (
            <p id={`${id}-alt-problem`} className="editor-field__error">
              {problem}
            </p>
          )}
        </div>
      )}
      <div className="photo-picker__actions">
        <button type="button" className="button" disabled={!chosen} onClick={insert}>
          Insérer la photo
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Annuler
        </button>
      </div>
    </dialog>
  );
}
