import { useId } from 'react';
import type { SupabaseClient } from '@supabase/supabase-js';
import { Link, useSearchParams } from 'react-router-dom';
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

/** « Demandes » (/admin/demandes): the quote and appointment requests, newest first. */
export function RequestsPage() {
  const client = useSupabase();
  return (
    <>
      <AdminTitle>Demandes</AdminTitle>
      <h1>Demandes</h1>
      {client ? <Inbox client={client} /> : <ConfigMissingNotice />}
    </>
  );
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
          <button
            type="button"
            className="button button--small button--secondary"
            disabled={list.data.page <= 1}
            onClick={() => go({ page: list.data.page - 1 })}
          >
            Page précédente
          </button>
          <p aria-live="polite">Page {list.data.page}</p>
          <button
            type="button"
            className="button button--small button--secondary"
            disabled={!list.data.hasMore}
            onClick={() => go({ page: list.data.page + 1 })}
          >
            Page suivante
          </button>
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
