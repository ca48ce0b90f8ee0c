/**
 * The request mails' messages (docs/decisions/033-request-mail-outbox.md), pure: the self-hosted
 * server (server/mail/outbox.ts), the hosted edge function (request-mails) and the back-office's
 * inbox share them.
 */

/** A message in French, plain text and HTML. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
}

/** A request as the mail queue reads it (public.requests). */
export interface RequestRow {
  id: string;
  created_at: string;
  name: string;
  phone: string | null;
  email: string | null;
  vehicle_make: string;
  vehicle_model: string;
  vehicle_year: number;
  plate: string | null;
  service: string;
  preferred_dates: { date: string; moment: string }[];
  message: string | null;
}

/** The moments of a preferred day (schemas/forms/request.schema.json), as a sentence says them. */
export const MOMENTS: Record<string, string> = {
  journee: 'toute la journée',
  matin: 'le matin',
  'apres-midi': "l'après-midi",
};

/** Text made safe inside an HTML mail's elements and attributes. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** « lundi 1 décembre 2026 » from 2026-12-01 (a calendar day, whatever the server's zone). */
export function day(date: string): string {
  return new Intl.DateTimeFormat('fr-FR', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}

function receivedAt(timestamp: string): string {
  return new Intl.DateTimeFormat('fr-FR', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: 'Europe/Paris',
  }).format(new Date(timestamp));
}

function vehicle(r: RequestRow): string {
  return `${r.vehicle_make} ${r.vehicle_model} (${r.vehicle_year})`;
}

/** « mardi 1 décembre 2026, le matin »: a preferred day and moment, as the visitor chose them. */
export function preferredDateText(d: { date: string; moment: string }): string {
  return `${day(d.date)}, ${MOMENTS[d.moment] ?? d.moment}`;
}

/** The request's details as label and value pairs, the absent ones left out. */
function details(r: RequestRow): [string, string][] {
  const dates = r.preferred_dates.map(preferredDateText);
  const rows: [string, string | null][] = [
    ['Nom', r.name],
    ['Téléphone', r.phone],
    ['E-mail', r.email],
    ['Véhicule', vehicle(r)],
    ['Immatriculation', r.plate],
    ['Besoin', r.service],
    ['Dates souhaitées', dates.length ? dates.join(' ; ') : null],
    ['Message', r.message],
  ];
  return rows.filter((row): row is [string, string] => row[1] !== null && row[1] !== '');
}

function html(paragraphs: string[], rows: [string, string][], link?: [string, string]): string {
  const table = rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th>` +
        `<td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  return [
    '<!doctype html><html lang="fr"><body style="font-family:sans-serif;line-height:1.5">',
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<table>\n${table}\n</table>`,
    link ? `<p><a href="${escapeHtml(link[1])}">${escapeHtml(link[0])}</a></p>` : '',
    '</body></html>',
  ].join('\n');
}

function text(paragraphs: string[], rows: [string, string][], link?: [string, string]): string {
  return [
    ...paragraphs.map((p) => `${p}\n`),
    ...rows.map(([label, value]) => `${label} : ${value}`),
    ...(link ? ['', `${link[0]} : ${link[1]}`] : []),
    '',
  ].join('\n');
}

/** The owner's notification of a new request: its details and a link to it in the back-office. */
export function ownerNotification(r: RequestRow, to: string, siteUrl: string): Mail {
  const intro = [`Nouvelle demande reçue sur le site le ${receivedAt(r.created_at)}.`];
  const link: [string, string] = [
    'Voir la demande dans l’administration',
    `${siteUrl.replace(/\/+$/, '')}/admin/demandes/${r.id}`,
  ];
  const rows = details(r);
  return {
    to,
    subject: `Nouvelle demande : ${r.service} – ${r.name}`,
    text: text(intro, rows, link),
    html: html(intro, rows, link),
    // Answering the notification answers the visitor.
    ...(r.email ? { replyTo: r.email } : {}),
  };
}

/** The visitor's acknowledgement: what they sent, and that the garage will answer. */
export function visitorAcknowledgement(r: RequestRow, replyTo: string | undefined): Mail {
  const intro = [
    `Bonjour ${r.name},`,
    'Le garage a bien reçu votre demande et vous répondra au plus vite. Voici ce que vous avez envoyé :',
  ];
  const outro = [
    'Vous recevez ce message parce que cette adresse a été indiquée dans le formulaire de demande du site. Si ce n’est pas vous, ignorez-le : aucune autre suite ne lui sera donnée.',
  ];
  const rows = details(r);
  return {
    to: r.email!,
    subject: 'Votre demande a bien été reçue',
    text: text(intro, rows) + `\n${outro[0]}\n`,
    html: html(intro, rows).replace('</body>', `<p>${escapeHtml(outro[0]!)}</p>\n</body>`),
    ...(replyTo ? { replyTo } : {}),
  };
}
