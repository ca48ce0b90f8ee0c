import { useRef, useState, type DragEvent } from 'react';
import { MEDIA_TYPES } from '../../content/media.ts';
import { useSupabase } from '../client/client-context.tsx';
import { checkPhoto, PhotoUploadError, uploadPhoto } from './upload-photo.ts';
import { Message } from '../../lib/message/message.tsx';

/**
 * Sends a photo and returns its public address; `onProgress` may be told the fraction sent so far
 * (0 to 1), or never called.
 */
export type SendPhoto = (file: File, onProgress: (fraction: number) => void) => Promise<string>;

const ACCEPT = Object.keys(MEDIA_TYPES).join(',');

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} Mo`;
}

/**
 * « 42 % », with a no-break space (Intl's spacing varies between ICU versions): rounded, but
 * 100 % only once the whole photo is sent.
 */
function percent(fraction: number): string {
  const rounded = fraction < 1 ? Math.min(Math.round(fraction * 100), 99) : 100;
  return `${rounded}\u00a0%`;
}

interface PhotoUploadProps {
  /** Prefix of the ids inside (the image field's id). */
  id: string;
  disabled?: boolean;
  /** Receives the public address of the photo once it is stored. */
  onUploaded: (address: string) => void;
  /** How a photo is sent; the media bucket through supabase-js unless given. */
  send?: SendPhoto;
  /**
   * For a page with one message for all its actions (the media library): a send's start clears
   * it, a failure is said there, and the page says the success itself (`onUploaded`); then nothing
   * is left here to go stale beside a later action's message. Without it, this says both.
   */
  report?: (outcome: { kind: 'error'; text: string } | null) => void;
  /**
   * Opens the phone's camera rather than its files (`capture`), for a photo taken on the spot,
   * with this button label.
   */
  capture?: { label: string };
}

type State =
  | { kind: 'idle' }
  | { kind: 'sending'; name: string; size: number; fraction?: number }
  | { kind: 'sent'; name: string }
  | { kind: 'failed'; message: string };

/**
 * "Téléverser une photo": a file picker (which offers the camera on a phone) and a drop zone.
 * The photo goes to the media bucket under a generated name, and the field takes its address.
 */
export function PhotoUpload({
  id,
  disabled = false,
  onUploaded,
  send: givenSend,
  report,
  capture,
}: PhotoUploadProps) {
  const client = useSupabase();
  const send: SendPhoto | undefined =
    givenSend ?? (client ? (file, onProgress) => uploadPhoto(client, file, onProgress) : undefined);
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [over, setOver] = useState(false);
  if (!send) return null;
  const busy = state.kind === 'sending';

  const start = async (file: File | undefined) => {
    if (!file || busy) return;
    const fail = (message: string) => {
      if (!report) return setState({ kind: 'failed', message });
      setState({ kind: 'idle' });
      report({ kind: 'error', text: message });
    };
    const problem = checkPhoto(file);
    if (problem) return fail(problem);
    report?.(null);
    setState({ kind: 'sending', name: file.name, size: file.size });
    const onProgress = (fraction: number) =>
      setState((current) => (current.kind === 'sending' ? { ...current, fraction } : current));
    try {
      onUploaded(await send(file, onProgress));
      setState(report ? { kind: 'idle' } : { kind: 'sent', name: file.name });
    } catch (error) {
      fail(
        error instanceof PhotoUploadError
          ? error.message
          : "La photo n'a pas été envoyée : vérifiez votre connexion, puis réessayez.",
      );
    }
  };

  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) void start(event.dataTransfer.files[0]);
  };

  return (
    <div
      className={`photo-upload${over ? ' photo-upload--over' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <input
        ref={input}
        id={`${id}-file`}
        type="file"
        accept={capture ? 'image/*' : ACCEPT}
        capture={capture ? 'environment' : undefined}
        hidden
        disabled={disabled || busy}
        onChange={(event) => {
          void start(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <button
        type="button"
        className="button button--secondary"
        disabled={disabled || busy}
        aria-describedby={`${id}-file-hint`}
        onClick={() => input.current?.click()}
      >
        {capture?.label ?? 'Téléverser une photo'}
      </button>
      <p className="photo-upload__hint" id={`${id}-file-hint`}>
        ou déposez-la ici : JPEG, PNG, WebP, AVIF ou GIF, 15 Mo au plus.
      </p>
      <div role="status" className="photo-upload__status">
        {state.kind === 'sending' && (
          <>
            {state.fraction === undefined ? (
              <progress aria-label="Envoi de la photo" />
            ) : (
              <progress aria-label="Envoi de la photo" max={1} value={state.fraction} />
            )}
            <span>
              Envoi de « {state.name} » ({megabytes(state.size)})…
            </span>
            {state.fraction !== undefined && (
              // The progress bar gives assistive technologies the value: the live region does
              // not repeat each percent.
              <span aria-hidden="true">Envoi : {percent(state.fraction)}</span>
            )}
          </>
        )}
        {state.kind === 'sent' && <span>Photo « {state.name} » envoyée.</span>}
      </div>
      {state.kind === 'failed' && (
        <Message kind="error" className="message--inline photo-upload__error">
          {state.message}
        </Message>
      )}
    </div>
  );
}
