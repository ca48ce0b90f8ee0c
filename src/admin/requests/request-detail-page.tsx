import { useId, useRef, useState, type FormEvent } from 'react';
import type { SupabaseClient } from '@supabase/supabase-js';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { formatLongDateTime } from '../../lib/dates-paris.ts';
import { LoadingStatus } from '../../lib/loading-status.tsx';
import { useSupabase } from '../client/client-context.tsx';
import { ConfigMissingNotice } from '../ui/config-missing-notice.tsx';
import { failureText } from '../errors/french-error.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import type { RequestDetail } from './requests-api.ts';
import { RequestMails } from './request-mails.tsx';
import { NextSteps, ReminderLine } from './request-follow-up.tsx';
import { RequestReply } from '../replies/index.ts';
import { AppointmentConfirm } from './appointment-confirm.tsx';
import {
  mailtoHref,
  preferredDatesText,
  REQUEST_MESSAGES,
  REQUEST_STATUSES,
  telHref,
  type RequestStatus,
} from './requests-model.ts';
import {
  useDeleteRequest,
  useGarageName,
  useRequestDetail,
  useUpdateRequest,
} from './use-requests.ts';
import { Message } from '../../lib/message/message.tsx';
import { MessageRegion } from '../../lib/message/message-region.tsx';
// The status and the note are fields like the content editors' ones, with their styles.
import '../styles/editor.css';
import './requests.css';
import { AdminTitle } from '../shell/new-requests.tsx';

type Message = { kind: 'success' | 'error'; text: string } | null;

/** One request (/admin/demandes/:id): all it says, the ways to answer, its handling. */
export function RequestDetailPage() {
  const client = useSupabase();
  const { id = '' } = useParams();
  return (
    <>
      <AdminTitle>Demande</AdminTitle>
      <p className="request__back">
        <Link to="/admin/demandes">← Toutes les demandes</Link>
      </p>
      {client ? <Detail client={client} id={id} /> : <ConfigMissingNotice />}
    </>
  );
}

function Detail({ client, id }: { client: SupabaseClient; id: string }) {
  const detail = useRequestDetail(client, id);
  if (detail.isPending)
    return <LoadingStatus className="requests__loading" label="Chargement de la demande…" />;
  if (detail.isError)
    return (
      <Message kind="error">{failureText(REQUEST_MESSAGES.detailFailed, detail.error)}</Message>
    );
  if (!detail.data)
    return (
      <>
        <h1>Demande introuvable</h1>
        <p>{REQUEST_MESSAGES.notFound}</p>
      </>
    );
  return <Handling client={client} request={detail.data} />;
}

function Handling({ client, request }: { client: SupabaseClient; request: RequestDetail }) {
  const garageName = useGarageName(client).data ?? '';
  const update = useUpdateRequest(client, request.id);
  const remove = useDeleteRequest(client);
  const navigate = useNavigate();
  const [message, setMessage] = useState<Message>(null);
  const [note, setNote] = useState(request.note ?? '');
  const [confirming, setConfirming] = useState(false);
  const statusId = useId();
  const noteId = useId();

  const statusField = useRef<HTMLSelectElement>(null);
  /**
   * `fromStep`: pressed on one of the next steps' buttons, which are rebuilt for the new status;
   * the focus then goes to « Statut », which reads the status out (not to the next step, where a
   * second press would skip one).
   */
  const changeStatus = (status: RequestStatus, fromStep = false) => {
    setMessage(null);
    update.mutate(
      { status },
      {
        onSuccess: () => setMessage({ kind: 'success', text: REQUEST_MESSAGES.statusSaved }),
        onError: (error) =>
          setMessage({ kind: 'error', text: failureText(REQUEST_MESSAGES.statusFailed, error) }),
        onSettled: () => {
          if (fromStep) requestAnimationFrame(() => statusField.current?.focus());
        },
      },
    );
  };

  const saveNote = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    // The text stays in the field whatever happens: a failed save loses nothing.
    update.mutate(
      { note },
      {
        onSuccess: () => setMessage({ kind: 'success', text: REQUEST_MESSAGES.noteSaved }),
        onError: (error) =>
          setMessage({ kind: 'error', text: failureText(REQUEST_MESSAGES.noteFailed, error) }),
      },
    );
  };

  const confirmDelete = () => {
    setConfirming(false);
    remove.mutate(request.id, {
      onSuccess: () => void navigate('/admin/demandes', { state: { deleted: true } }),
      onError: (error) =>
        setMessage({ kind: 'error', text: failureText(REQUEST_MESSAGES.deleteFailed, error) }),
    });
  };

  const fields: [string, string | null][] = [
    ['Reçue le', formatLongDateTime(request.created_at)],
    ['Téléphone', request.phone],
    ['E-mail', request.email],
    ['Véhicule', `${request.vehicle_make} ${request.vehicle_model} (${request.vehicle_year})`],
    ['Immatriculation', request.plate],
    ['Besoin', request.service],
    [
      'Dates souhaitées',
      request.preferred_dates.length ? preferredDatesText(request.preferred_dates) : null,
    ],
    ['Message', request.message],
  ];

  return (
    <article className="request">
      <h1>Demande de {request.name}</h1>
      <div className="request__messages">
        <MessageRegion kind="success">{message?.kind === 'success' && message.text}</MessageRegion>
        <MessageRegion kind="error">{message?.kind === 'error' && message.text}</MessageRegion>
      </div>

      <div className="request__answer">
        {request.phone && (
          <a className="button" href={telHref(request.phone)}>
            Appeler
          </a>
        )}
        <RequestReply
          client={client}
          request={request}
          onSent={(text) => setMessage({ kind: 'success', text })}
        />
        {request.email && (
          <a
            className="button button--secondary"
            href={mailtoHref({ email: request.email, name: request.name }, garageName)}
          >
            Répondre avec ma messagerie
          </a>
        )}
      </div>

      <dl className="request__fields">
        {fields
          .filter((field): field is [string, string] => Boolean(field[1]))
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>

      <AppointmentConfirm client={client} request={request} onMessage={setMessage} />

      <section className="request__handling" aria-label="Suivi de la demande">
        <ReminderLine request={request} />
        <NextSteps
          status={request.status}
          pending={update.isPending}
          onChange={(status) => changeStatus(status, true)}
        />
        <div className="editor-field">
          <label htmlFor={statusId} className="editor-field__label">
            Statut
          </label>
          <select
            ref={statusField}
            id={statusId}
            className="editor-input request__status-field"
            value={
              update.isPending && update.variables && 'status' in update.variables
                ? update.variables.status
                : request.status
            }
            onChange={(event) => changeStatus(event.target.value as RequestStatus)}
          >
            {REQUEST_STATUSES.map((status) => (
              <option key={status.value} value={status.value}>
                {status.label}
              </option>
            ))}
          </select>
        </div>

        <form className="editor-field request__note-form" onSubmit={saveNote}>
          <label htmlFor={noteId} className="editor-field__label">
            Note privée (visible seulement dans l’administration)
          </label>
          <textarea
            id={noteId}
            className="editor-input request__note"
            rows={5}
            maxLength={5000}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
          <button
            type="submit"
            className="button button--small button--secondary"
            disabled={update.isPending}
          >
            Enregistrer la note
          </button>
        </form>
      </section>

      <RequestMails mails={request.mails} />

      <p>
        <button
          type="button"
          className="button button--small button--secondary button--danger"
          disabled={remove.isPending}
          onClick={() => setConfirming(true)}
        >
          Supprimer la demande
        </button>
      </p>
      {confirming && (
        <ConfirmDialog
          title="Supprimer définitivement cette demande ?"
          confirmLabel="Supprimer définitivement"
          onConfirm={confirmDelete}
          onCancel={() => setConfirming(false)}
        >
          La demande de {request.name} et ses e-mails seront effacés. Cette action est irréversible.
        </ConfirmDialog>
      )}
    </article>
  );
}
