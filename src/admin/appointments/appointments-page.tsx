import { useState } from 'react';
import type { AppointmentsContent } from '../../content/generated/types.ts';
import type { SiteContent } from '../../content/content.ts';
import { freeHalfDays } from '../../lib/hours/half-days.ts';
import { parisToday } from '../../lib/hours/paris-day.ts';
import { halfDayText } from '../../site/request/half-day-choices.tsx';
import { ContentPanel } from '../content/content-panel.tsx';

/** How many half-days the preview lists. */
const PREVIEW_HALF_DAYS = 6;

/**
 * What visitors are offered with these numbers and the garage's hours: the first half-days of the
 * request form, before any appointment is confirmed.
 */
function AppointmentsPreview({
  appointments,
  content,
}: {
  appointments: AppointmentsContent;
  content: SiteContent;
}) {
  const [today] = useState(() => parisToday(Date.now()));
  const offered = freeHalfDays(content.hours, appointments, [], today);
  return (
    <div className="appointments-preview">
      <p>Le formulaire de demande propose aux visiteurs, par exemple :</p>
      {offered.length > 0 ? (
        <ul>
          {offered.slice(0, PREVIEW_HALF_DAYS).map((half) => (
            <li key={`${half.date} ${half.moment}`}>{halfDayText(half)}</li>
          ))}
        </ul>
      ) : (
        <p>Aucune demi-journée : le formulaire demande alors au visiteur ses disponibilités.</p>
      )}
      <p>
        Une demi-journée n’est plus proposée quand les rendez-vous confirmés atteignent son nombre
        de véhicules.
      </p>
    </div>
  );
}

/** « Rendez-vous » (/admin/appointments): vehicles per half-day and the reminder's hour. */
export function AppointmentsPage() {
  return (
    <ContentPanel
      type="appointments"
      title="Rendez-vous"
      intro="Combien de véhicules l'atelier peut prendre chaque demi-journée de la semaine (0 : pas de rendez-vous ce moment-là), et à quelle heure la veille le client reçoit son rappel. Les horaires, les fermetures et les jours fériés s'appliquent en plus."
      renderPreview={(appointments, content) => (
        <AppointmentsPreview appointments={appointments} content={content} />
      )}
    />
  );
}
