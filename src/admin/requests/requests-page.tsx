import { useEffect, useId, useRef, useState } from 'react';
import type { SupabaseClient } from '@supabase/supabase-js';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { formatLongDateTime } from '../../lib/dates-paris.ts';
import { LoadingStatus } from '../../lib/loading-status.tsx';
import { useSupabase } from '../client/client-context.tsx';
import { ConfigMissingNotice } from '../ui/config-missing-notice.tsx';
import { failureText } from '../errors/french-error.ts';
import type { InboxRow } from './requests-api.ts';
import { MailSettingsNotice } from './mail-settings-notice.tsx';
import { reminderMark } from './follow-up.ts';
import {
  parsePage,
  parseStatusFilter,
  REQUEST_MESSAGES,
  STATUS_FILTERS,
  statusLabel,
  type StatusFilter,
} from './requests-model.ts';
import { useInboxQuery } from './use-requests.ts';
import './requests.css';
import { AdminTitle } from '../shell/new-requests.tsx';
import { Message } from '../../lib/message/message.tsx';
import { PageStep } from '../ui/page-step.tsx';

/** « Demandes » (/admin/demandes): the quote and appointment requests, newest first. */
export function RequestsPage() {
  const client = useSupabase();
  const deleted = useDeletedNotice();
  const title = useRef<HTMLHeadingElement>(null);
  // Sent here by the deletion of a request, whose page (and focus) is gone: the focus starts here.
  useEffect(() => {
    if (deleted) title.current?.focus();
  }, [deleted]);
  return (
    <>
      <AdminTitle>Demandes</AdminTitle>
      <h1 ref={title} tabIndex={-1}>
        Demandes
      </h1>
      {deleted && <Message kind="success">{REQUEST_MESSAGES.deleted}</Message>}
      {client ? <Inbox client={client} /> : <ConfigMissingNotice />}
    </>
  );
}

/**
 * Whether the page was reached by deleting a request (`state.deleted`, set by the request's
 * page). Said once: the state is then taken out of the history entry, so a reload says nothing.
 */
function useDeletedNotice(): boolean {
  const location = useLocation();
  const navigate = useNavigate();
  const [deleted] = useState(
    () => (location.state as { deleted?: boolean } | null)?.deleted === true,
  );
  useEffect(() => {
    if (deleted) void navigate(location.pathname + location.search, { replace: true, state: null });
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return deleted;
}

function Inbox({ client }: { client: SupabaseClient }) {
  const [params, setParams] = useSearchParams();
  const filter = parseStatusFilter(params.get('statut'));
  const page = parsePage(params.get('page'));
  const list = useInboxQuery(client, filter, page);
  const selectId = useId();
  const captionId = useId();

  const go = (next: { filter?: StatusFilter; page?: number }) => {
    const search = new URLSearchParams();
    const nextFilter = next.filter ?? filter;
    const nextPage = next.page ?? 1;
    if (nextFilter !== 'toutes') search.set('statut', nextFilter);
    if (nextPage > 1) search.set('page', String(nextPage));
    setParams(search);
  };

  return (
    <div className="requests">
      <MailSettingsNotice client={client} />
      <div className="requests__filter">
        <label htmlFor={selectId}>Statut</label>
        <select
          id={selectId}
          className="editor-input"
          value={filter}
          onChange={(event) => go({ filter: event.target.value as StatusFilter })}
        >
          {STATUS_FILTERS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>

      {list.isPending ? (
        <LoadingStatus className="requests__loading" label="Chargement des demandes…" />
      ) : list.isError ? (
        <Message kind="error">{failureText(REQUEST_MESSAGES.loadFailed, list.error)}</Message>
      ) : list.data.rows.length === 0 ? (
        <p className="requests__empty">
          {filter === 'toutes' && page === 1
            ? REQUEST_MESSAGES.empty
            : REQUEST_MESSAGES.emptyFiltered}
        </p>
      ) : (
        <div className="requests__table" tabIndex={0} role="region" aria-labelledby={captionId}>
          <table>
            <caption id={captionId}>
              Demandes{filter === 'toutes' ? '' : ` : ${statusLabel(filter).toLowerCase()}`}, les
              plus récentes d’abord
            </caption>
            <thead>
              <tr>
                <th scope="col">Nom</th>
                <th scope="col">Véhicule</th>
                <th scope="col">Besoin</th>
                <th scope="col">Reçue le</th>
                <th scope="col">Statut</th>
              </tr>
            </thead>
            <tbody>
              {list.data.rows.map((row) => (
                <InboxLine key={row.id} row={row} />
              ))}
            </tbody>
          </table>
        </div>
      )}

      {list.data && (list.data.page > 1 || list.data.hasMore) && (
        <nav className="requests__pager" aria-label="Pages des demandes">
          <PageStep
            label="Page précédente"
            blocked={list.data.page <= 1}
            onStep={() => go({ page: list.data.page - 1 })}
          />
          <p aria-live="polite">Page {list.data.page}</p>
          <PageStep
            label="Page suivante"
            blocked={!list.data.hasMore}
            onStep={() => go({ page: list.data.page + 1 })}
          />
        </nav>
      )}
    </div>
  );
}

/** A request's row; on a phone, a card whose cells name their column (requests.css). */
function InboxLine({ row }: { row: InboxRow }) {
  const reminder = reminderMark(row.reminded_at, row.reminder_status);
  return (
    <tr data-status={row.status}>
      <th scope="row">
        <Link to={`/admin/demandes/${row.id}`}>{row.name}</Link>
        {row.mail_failed && <span className="requests__failed">Notification non envoyée</span>}
      </th>
      <td data-label="Véhicule">
        {row.vehicle_make} {row.vehicle_model} ({row.vehicle_year})
      </td>
      <td data-label="Besoin">{row.service}</td>
      <td data-label="Reçue le">{formatLongDateTime(row.created_at)}</td>
      <td>
        <span className="requests__status" data-status={row.status}>
          {statusLabel(row.status)}
        </span>
        {reminder && (
          <span className="requests__reminded" data-mail-status={row.reminder_status}>
            {reminder}
          </span>
        )}
      </td>
    </tr>
  );
}
