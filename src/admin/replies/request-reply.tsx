import { useId, useRef, useState, type FormEvent } from 'react';
import type { SupabaseClient } from '@supabase/supabase-js';
import { failureText } from '../errors/french-error.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { fillReply, markersLeft, markerText, type ReplyContext } from './reply-markers.ts';
import { useReplySetup, useSendReply, type ReplySetup } from './replies-api.ts';
import './replies.css';
import { Message } from '../../lib/message/message.tsx';

/** The bounds of public.queue_reply. */
const SUBJECT_MAX = 200;
const BODY_MAX = 10000;

interface RequestReplyProps {
  client: SupabaseClient;
  request: ReplyContext['request'] & { id: string; email: string | null };
  /** Tells the page the reply left (its message area says so). */
  onSent: (text: string) => void;
}

/**
 * « Répondre »: a reply to the customer from a template (schemas/replies.schema.json), filled
 * from the request and the garage's identity, read over and edited, then queued and sent by the
 * server (docs/decisions/079-replies-from-templates.md). Without an e-mail address the button
 * says why it cannot be used.
 */
export function RequestReply({ client, request, onSent }: RequestReplyProps) {
  const [open, setOpen] = useState(false);
  const reasonId = useId();
  const button = useRef<HTMLButtonElement>(null);
  // The form goes away with the focus inside it: the focus comes back to « Répondre ».
  const close = () => {
    setOpen(false);
    requestAnimationFrame(() => button.current?.focus());
  };
  if (!request.email)
    return (
      <span className="reply__unavailable">
        <button type="button" className="button" disabled aria-describedby={reasonId}>
          Répondre
        </button>{' '}
        <span id={reasonId}>Pas d’adresse e-mail dans cette demande : appelez le client.</span>
      </span>
    );
  return (
    <>
      <button
        ref={button}
        type="button"
        className="button"
        aria-expanded={open}
        onClick={() => setOpen((shown) => !shown)}
      >
        Répondre
      </button>
      {open && (
        <ReplyLoader
          client={client}
          request={{ ...request, email: request.email }}
          onSent={(text) => {
            close();
            onSent(text);
          }}
          onClose={close}
        />
      )}
    </>
  );
}

function ReplyLoader(
  props: RequestReplyProps & { request: { email: string }; onClose: () => void },
) {
  const setup = useReplySetup(props.client);
  if (setup.isPending) return <p className="reply">Chargement des modèles de réponse…</p>;
  if (setup.isError)
    return (
      <Message kind="error" className="reply">
        {failureText('Les modèles de réponse ne se chargent pas', setup.error)}
      </Message>
    );
  return <ReplyForm {...props} setup={setup.data} />;
}

function ReplyForm({
  client,
  request,
  setup,
  onSent,
  onClose,
}: RequestReplyProps & { request: { email: string }; setup: ReplySetup; onClose: () => void }) {
  const send = useSendReply(client, request.id);
  const context: ReplyContext = { request, garage: setup.garage };
  const [template, setTemplate] = useState('');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  // The text as the last template filled it: replacing text the owner has changed is asked first.
  const [filled, setFilled] = useState({ subject: '', body: '' });
  const [replacing, setReplacing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ids = { template: useId(), subject: useId(), body: useId(), left: useId() };
  const left = markersLeft(`${subject}\n${body}`);

  const apply = (index: string) => {
    setTemplate(index);
    const chosen = setup.templates[Number(index)];
    const next = chosen
      ? {
          subject: fillReply(chosen.subject, context).text,
          body: fillReply(chosen.body, context).text,
        }
      : { subject: '', body: '' };
    setSubject(next.subject);
    setBody(next.body);
    setFilled(next);
  };

  const choose = (index: string) => {
    const edited = subject !== filled.subject || body !== filled.body;
    if (edited && (subject.trim() || body.trim())) setReplacing(index);
    else apply(index);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    // The text stays in the form until the server has it: a failure loses nothing.
    send.mutate(
      { subject, body },
      {
        onSuccess: (outcome) =>
          onSent(
            outcome === 'sent'
              ? `Réponse envoyée à ${request.email}. Elle apparaît dans les e-mails de la demande.`
              : `Réponse enregistrée : elle partira vers ${request.email} dès que l’envoi des e-mails fonctionnera.`,
          ),
        onError: (failure) =>
          setError(
            `${failureText('La réponse n’a pas été envoyée', failure)} Votre texte est conservé ci-dessous.`,
          ),
      },
    );
  };

  return (
    <form className="reply" onSubmit={submit} aria-label="Réponse au client">
      <p className="reply__to">
        À : {request.name} &lt;{request.email}&gt;
      </p>
      <div className="editor-field">
        <label htmlFor={ids.template} className="editor-field__label">
          Modèle
        </label>
        <select
          id={ids.template}
          className="editor-input"
          value={template}
          onChange={(event) => choose(event.target.value)}
        >
          <option value="">Sans modèle</option>
          {setup.templates.map((t, index) => (
            <option key={index} value={String(index)}>
              {t.title}
            </option>
          ))}
        </select>
      </div>
      <div className="editor-field">
        <label htmlFor={ids.subject} className="editor-field__label">
          Objet
        </label>
        <input
          id={ids.subject}
          className="editor-input"
          required
          maxLength={SUBJECT_MAX}
          value={subject}
          onChange={(event) => setSubject(event.target.value)}
        />
      </div>
      <div className="editor-field">
        <label htmlFor={ids.body} className="editor-field__label">
          Texte
        </label>
        <textarea
          id={ids.body}
          className="editor-input"
          required
          rows={12}
          maxLength={BODY_MAX}
          value={body}
          aria-describedby={left.length ? ids.left : undefined}
          onChange={(event) => setBody(event.target.value)}
        />
        <p className="reply__hint">
          La signature du garage (nom, adresse, téléphone) est ajoutée à la fin de l’e-mail.
        </p>
      </div>
      {left.length > 0 && (
        <p id={ids.left} className="reply__left">
          À compléter avant l’envoi : {left.map(markerText).join(', ')} (cette demande n’a pas cette
          information).
        </p>
      )}
      {error && <Message kind="error">{error}</Message>}
      <p className="reply__actions">
        <button
          type="submit"
          className="button"
          disabled={send.isPending || left.length > 0 || !subject.trim() || !body.trim()}
        >
          {send.isPending ? 'Envoi…' : 'Envoyer la réponse'}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          Fermer
        </button>
      </p>
      {replacing !== null && (
        <ConfirmDialog
          title="Remplacer votre texte ?"
          confirmLabel="Remplacer par le modèle"
          onConfirm={() => {
            apply(replacing);
            setReplacing(null);
          }}
          onCancel={() => setReplacing(null)}
        >
          Le texte que vous avez modifié sera remplacé par celui du modèle choisi.
        </ConfirmDialog>
      )}
    </form>
  );
}
