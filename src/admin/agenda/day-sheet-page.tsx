import type { SupabaseClient } from '@supabase/supabase-js';
import { Link, useParams } from 'react-router-dom';
import { LoadingStatus } from '../../lib/loading-status.tsx';
import { useSupabase } from '../client/client-context.tsx';
import { ConfigMissingNotice } from '../ui/config-missing-notice.tsx';
import { failureText } from '../errors/french-error.ts';
import { AdminNotFoundPage } from '../pages/index.ts';
import { weekdayDate } from '../../lib/hours/schedule.ts';
import { statusLabel } from '../requests/index.ts';
import {
  HALF_DAY_LABELS,
  HALF_DAYS,
  mondayOf,
  parseWeek,
  timeText,
  type AgendaAppointment,
} from './agenda-model.ts';
import { useAgendaDay } from './use-agenda.ts';
import '../styles/admin.css';
import './agenda.css';
import { Message } from '../../lib/message/message.tsx';

/**
 * The workshop's sheet of a day (/admin/agenda/jour/AAAA-MM-JJ), on its own page without the
 * back-office's frame so that it prints on paper as it shows: per half-day, each vehicle's plate,
 * make and model, the service, the customer's name and phone, the note.
 */
export function DaySheetPage() {
  const client = useSupabase();
  const { date = '' } = useParams();
  // Only a real calendar day names a sheet (parseWeek checks the day, then gives its Monday).
  if (!parseWeek(date)) return <AdminNotFoundPage />;
  const title = `Journée du ${weekdayDate(date)}`;
  return (
    <main className="day-sheet">
      <title>{`${title} – Agenda`}</title>
      <div className="day-sheet__actions">
        <Link to={`/admin/agenda?semaine=${mondayOf(date)}`}>← Retour à l’agenda</Link>
        <button type="button" className="button button--small" onClick={() => window.print()}>
          Imprimer
        </button>
      </div>
      <h1>{title}</h1>
      {client ? <Sheet client={client} date={date} /> : <ConfigMissingNotice />}
    </main>
  );
}

function Sheet({ client, date }: { client: SupabaseClient; date: string }) {
  const day = useAgendaDay(client, date);
  if (day.isPending)
    return <LoadingStatus className="day-sheet__loading" label="Chargement de la journée…" />;
  if (day.isError)
    return (
      <Message kind="error">
        {failureText('Erreur lors du chargement de la journée', day.error)}
      </Message>
    );
  if (day.data.rows.length === 0) return <p>Aucun rendez-vous ce jour-là.</p>;
  return (
    <>
      {HALF_DAYS.map((moment) => {
        const rows = day.data.rows
          .filter((a) => a.appointment_moment === moment)
          .sort((a, b) => (a.appointment_time ?? '99').localeCompare(b.appointment_time ?? '99'));
        if (rows.length === 0) return null;
        return <HalfDayTable key={moment} title={HALF_DAY_LABELS[moment]} rows={rows} />;
      })}
    </>
  );
}

function HalfDayTable({ title, rows }: { title: string; rows: AgendaAppointment[] }) {
  return (
    <section className="day-sheet__half">
      <h2>
        {title} : {rows.length} véhicule{rows.length > 1 ? 's' : ''}
      </h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Heure</th>
            <th scope="col">Immatriculation</th>
            <th scope="col">Véhicule</th>
            <th scope="col">Prestation</th>
            <th scope="col">Client</th>
            <th scope="col">Téléphone</th>
            <th scope="col">Note</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((a) => (
            <tr key={a.id}>
              <td>{timeText(a.appointment_time)}</td>
              <td>{a.plate ?? ''}</td>
              <td>
                {a.vehicle_make} {a.vehicle_model} ({a.vehicle_year})
              </td>
              <td>{a.service}</td>
              <td>
                {a.name}
                {a.status !== 'rdv_confirme' && <> ({statusLabel(a.status).toLowerCase()})</>}
              </td>
              <td>{a.phone ?? ''}</td>
              <td>{a.appointment_note ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
