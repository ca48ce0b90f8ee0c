import { useId, useState, type FormEvent } from 'react';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { weekdayDate } from '../../lib/hours/schedule.ts';
import { parisToday } from '../../lib/hours/paris-day.ts';
import { failureText } from '../errors/french-error.ts';
import {
  appointmentKeys,
  confirmAppointment,
  readHalfDayLoad,
  type HalfDay,
} from './appointment-api.ts';
import { requestKeys, type RequestDetail } from './requests-api.ts';
import { telHref } from './requests-model.ts';

const MOMENTS: { value: HalfDay; label: string }[] = [
  { value: 'matin', label: 'Matin' },
  { value: 'apres-midi', label: 'Après-midi' },
];

/** The day and half-day to start from: the one confirmed, else the customer's first wish. */
function initial(request: RequestDetail): { date: string; moment: HalfDay } {
  if (request.appointment_date && request.appointment_moment)
    return { date: request.appointment_date, moment: request.appointment_moment };
  const first = request.preferred_dates[0];
  return {
    date: first?.date ?? '',
    moment: first?.moment === 'apres-midi' ? 'apres-midi' : 'matin',
  };
}

function Load({
  client,
  request,
  date,
  moment,
}: {
  client: SupabaseClient;
  request: RequestDetail;
  date: string;
  moment: HalfDay;
}) {
  const load = useQuery({
    queryKey: appointmentKeys.load(date, moment, request.id),
    queryFn: () => readHalfDayLoad(client, date, moment, request.id),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(date),
    retry: false,
  });
  if (!load.data) return null;
  const { booked, capacity, open } = load.data;
  const part = moment === 'matin' ? 'ce matin-là' : 'cet après-midi-là';
  return (
    <div className="appointment__load">
      <p>
        Déjà réservés {part} : <strong>{booked}</strong> véhicule{booked > 1 ? 's' : ''} sur{' '}
        {capacity}.
      </p>
      {!open && (
        <p className="appointment__warning" role="note">
          D’après vos horaires, le garage est fermé {part}. Vous pouvez confirmer quand même.
        </p>
      )}
      {open && booked >= capacity && (
        <p className="appointment__warning" role="note">
          Cette demi-journée est complète. Vous pouvez confirmer quand même.
        </p>
      )}
    </div>
  );
}

/**
 * Proposing or confirming a half-day, in one step (docs/decisions/076-appointment-confirmation.md):
 * the day, the morning or afternoon, a time if wanted and a word for the customer; the half-day's
 * load is shown, a full one only warned about. The server records it and mails the customer.
 */
export function AppointmentConfirm({
  client,
  request,
  onMessage,
}: {
  client: SupabaseClient;
  request: RequestDetail;
  /** Says what happened in the page's one message area (request-detail-page.tsx). */
  onMessage: (message: { kind: 'success' | 'error'; text: string } | null) => void;
}) {
  const start = initial(request);
  const [date, setDate] = useState(start.date);
  const [moment, setMoment] = useState<HalfDay>(start.moment);
  const [time, setTime] = useState(request.appointment_time?.slice(0, 5) ?? '');
  const [note, setNote] = useState(request.appointment_note ?? '');
  const queryClient = useQueryClient();
  const ids = { date: useId(), moment: useId(), time: useId(), note: useId() };
  const [today] = useState(() => parisToday(Date.now()));

  const confirm = useMutation({
    mutationFn: () =>
      confirmAppointment(client, {
        request_id: request.id,
        date,
        moment,
        time: time || null,
        note: note.trim() || null,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestKeys.all }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onMessage(null);
    confirm.mutate(undefined, {
      onSuccess: (answer) => {
        const phone = request.phone ? ` au ${request.phone}` : '';
        const text = answer.mailed
          ? 'Rendez-vous confirmé. Le client reçoit un e-mail avec le rendez-vous pour son agenda.'
          : answer.error
            ? answer.error
            : `Rendez-vous enregistré. Cette demande n’a pas d’e-mail : prévenez le client par téléphone${phone}.`;
        onMessage({ kind: answer.mailed ? 'success' : 'error', text });
      },
      onError: (error) =>
        onMessage({ kind: 'error', text: failureText('Rendez-vous non confirmé.', error) }),
    });
  };

  return (
    <section className="appointment" aria-labelledby={`${ids.date}-title`}>
      <h2 id={`${ids.date}-title`}>Rendez-vous</h2>
      {request.appointment_date &&
        request.appointment_moment &&
        request.status === 'rdv_confirme' && (
          <p>
            Confirmé pour le {weekdayDate(request.appointment_date)},{' '}
            {request.appointment_moment === 'matin' ? 'le matin' : 'l’après-midi'}
            {request.appointment_time ? ` vers ${request.appointment_time.slice(0, 5)}` : ''}.
            Confirmer un autre jour envoie un nouvel e-mail ; le lien du précédent ne marche plus.
          </p>
        )}
      {!request.email && (
        <p className="appointment__warning" role="note">
          Cette demande n’a pas d’e-mail : le client ne recevra rien. Appelez-le
          {request.phone && (
            <>
              {' '}
              au <a href={telHref(request.phone)}>{request.phone}</a>
            </>
          )}
          .
        </p>
      )}
      <form className="appointment__form" onSubmit={submit}>
        <div className="appointment__when">
          <div className="editor-field">
            <label htmlFor={ids.date} className="editor-field__label">
              Jour
            </label>
            <input
              id={ids.date}
              type="date"
              className="editor-input"
              required
              min={today}
              value={date}
              onChange={(event) => setDate(event.target.value)}
            />
          </div>
          <div className="editor-field">
            <label htmlFor={ids.moment} className="editor-field__label">
              Demi-journée
            </label>
            <select
              id={ids.moment}
              className="editor-input"
              value={moment}
              onChange={(event) => setMoment(event.target.value as HalfDay)}
            >
              {MOMENTS.map((m) => (
                <option key={m.value} value={m.value}>
                  {m.label}
                </option>
              ))}
            </select>
          </div>
          <div className="editor-field">
            <label htmlFor={ids.time} className="editor-field__label">
              Heure (facultatif)
            </label>
            <input
              id={ids.time}
              type="time"
              className="editor-input"
              value={time}
              onChange={(event) => setTime(event.target.value)}
            />
          </div>
        </div>
        <Load client={client} request={request} date={date} moment={moment} />
        <div className="editor-field">
          <label htmlFor={ids.note} className="editor-field__label">
            Mot pour le client (facultatif, dans l’e-mail)
          </label>
          <textarea
            id={ids.note}
            className="editor-input request__note"
            rows={3}
            maxLength={1000}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
        <button type="submit" className="button" disabled={confirm.isPending}>
          Confirmer le rendez-vous
        </button>
      </form>
    </section>
  );
}
