import { useState } from 'react';
import type { SupabaseClient } from '@supabase/supabase-js';
import { Link, useSearchParams } from 'react-router-dom';
import { addDays } from '../../lib/hours/holidays.ts';
import { parisToday } from '../../lib/hours/paris-day.ts';
import { LoadingStatus } from '../../lib/loading-status.tsx';
import { useSupabase } from '../client/client-context.tsx';
import { ConfigMissingNotice } from '../ui/config-missing-notice.tsx';
import { useStoredContent } from '../content/use-stored-content.ts';
import { storedContentFallback } from '../content/stored-content-fallback.tsx';
import { failureText } from '../errors/french-error.ts';
import { AdminTitle } from '../shell/new-requests.tsx';
import { statusLabel } from '../requests/index.ts';
import { AGENDA_MAX_ROWS } from './agenda-api.ts';
import {
  agendaWeek,
  HALF_DAY_LABELS,
  loadText,
  mondayOf,
  parseWeek,
  timeText,
  weekTitle,
  type AgendaAppointment,
  type AgendaDay,
} from './agenda-model.ts';
import { useAgendaWeek } from './use-agenda.ts';
import './agenda.css';
import { Message } from '../../lib/message/message.tsx';

/** « Agenda » (/admin/agenda): the week's confirmed appointments by half-day. */
export function AgendaPage() {
  const client = useSupabase();
  return (
    <>
      <AdminTitle>Agenda</AdminTitle>
      <h1>Agenda</h1>
      {client ? <Week client={client} /> : <ConfigMissingNotice />}
    </>
  );
}

const weekHref = (monday: string, thisWeek: string) =>
  monday === thisWeek ? '/admin/agenda' : `/admin/agenda?semaine=${monday}`;

function Week({ client }: { client: SupabaseClient }) {
  const [params] = useSearchParams();
  // The week of the page's opening: it stays the same while the page is shown.
  const [thisWeek] = useState(() => mondayOf(parisToday(Date.now())));
  const monday = parseWeek(params.get('semaine')) ?? thisWeek;
  const week = useAgendaWeek(client, monday);
  const stored = useStoredContent();
  const waiting = storedContentFallback(stored);

  return (
    <div className="agenda">
      <nav className="agenda__nav" aria-label="Semaines">
        <Link className="button button--small" to={weekHref(addDays(monday, -7), thisWeek)}>
          ← Semaine précédente
        </Link>
        <Link
          className="button button--small"
          to="/admin/agenda"
          aria-current={monday === thisWeek ? 'page' : undefined}
        >
          Cette semaine
        </Link>
        <Link className="button button--small" to={weekHref(addDays(monday, 7), thisWeek)}>
          Semaine suivante →
        </Link>
      </nav>
      <h2 className="agenda__title">Semaine du {weekTitle(monday)}</h2>

      {waiting ??
        (week.isPending ? (
          <LoadingStatus className="agenda__loading" label="Chargement de l’agenda…" />
        ) : week.isError ? (
          <Message kind="error">
            {failureText('Erreur lors du chargement de l’agenda', week.error)}
          </Message>
        ) : (
          <>
            {!week.data.complete && (
              <Message kind="warning" urgent>
                Seuls les {AGENDA_MAX_ROWS} premiers rendez-vous de la semaine sont affichés.
              </Message>
            )}
            <ol className="agenda__days" aria-busy={week.isPlaceholderData}>
              {agendaWeek(
                monday,
                week.data.rows,
                stored.content.hours,
                stored.content.appointments,
              ).map((day) => (
                <Day key={day.date} day={day} />
              ))}
            </ol>
          </>
        ))}
    </div>
  );
}

function Day({ day }: { day: AgendaDay }) {
  const titleId = `agenda-${day.date}`;
  const booked = day.halfDays.some((half) => half.appointments.length > 0);
  return (
    <li className="agenda-day" aria-labelledby={titleId}>
      <div className="agenda-day__head">
        <h3 id={titleId}>{day.label}</h3>
        {booked && (
          <Link className="agenda-day__print" to={`/admin/agenda/jour/${day.date}`}>
            Imprimer la journée
          </Link>
        )}
      </div>
      {day.closedReason && <p className="agenda-day__closed">{day.closedReason}</p>}
      {day.halfDays.map((half) =>
        half.closed && half.appointments.length === 0 && day.closedReason ? null : (
          <section
            key={half.moment}
            className={`agenda-half${half.closed ? ' agenda-half--closed' : ''}`}
            aria-label={`${day.label}, ${HALF_DAY_LABELS[half.moment].toLowerCase()}`}
          >
            <h4>
              {HALF_DAY_LABELS[half.moment]}{' '}
              <span className="agenda-half__load">{loadText(half)}</span>
            </h4>
            {half.appointments.length > 0 && (
              <ul className="agenda-half__list">
                {half.appointments.map((appointment) => (
                  <Appointment key={appointment.id} appointment={appointment} />
                ))}
              </ul>
            )}
          </section>
        ),
      )}
    </li>
  );
}

function Appointment({ appointment: a }: { appointment: AgendaAppointment }) {
  return (
    <li className={`agenda-appointment agenda-appointment--${a.status}`}>
      <Link to={`/admin/demandes/${a.id}`} className="agenda-appointment__name">
        {a.appointment_time && <>{timeText(a.appointment_time)} · </>}
        {a.name}
      </Link>
      <span>
        {a.vehicle_make} {a.vehicle_model} ({a.vehicle_year})
      </span>
      <span>{a.service}</span>
      <span className="agenda-appointment__status">{statusLabel(a.status)}</span>
    </li>
  );
}
