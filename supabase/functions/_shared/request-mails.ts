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
  /** The sender's name, shown instead of MAIL_FROM's: the garage's name for the request mails. */
  senderName?: string;
  /** Small files sent with the mail (a calendar file). */
  attachments?: MailAttachment[];
}

/** A file sent with a mail, held as text (a calendar file is text). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
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

/**
 * The garage as its mails name it: its name, phone, e-mail and address, from its identity
 * (site_content, docs/decisions/057-one-garage-identity.md).
 */
export interface Garage {
  name: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
}

/**
 * Control characters and direction overrides, which visitors' fields refuse
 * (schemas/forms/request.schema.json): never shown, should an older request hold any. A message
 * keeps its line breaks and tabs.
 */
/* eslint-disable no-control-regex -- control characters are what these find */
const INVISIBLE =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
const INVISIBLE_ON_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
/* eslint-enable no-control-regex */

/** `text` without the characters a visitor's field may not hold (line breaks kept if `multiline`). */
export function visibleText(text: string, multiline = false): string {
  return text.replace(multiline ? INVISIBLE : INVISIBLE_ON_ONE_LINE, multiline ? '' : ' ');
}

/** A request's texts as the mails and the inbox show them (visibleText). */
export function visibleRequest<T extends object>(row: T): T {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      typeof value === 'string' ? visibleText(value, key === 'message' || key === 'note') : value,
    ]),
  ) as T;
}

/** The short reference of a request, which the owner and the visitor can both quote. */
export function requestReference(id: string): string {
  return id.replace(/-/g, '').slice(0, 8).toUpperCase();
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
function details(request: RequestRow): [string, string][] {
  const r = visibleRequest(request);
  const dates = r.preferred_dates.map(preferredDateText);
  const rows: [string, string | null][] = [
    ['Référence', requestReference(r.id)],
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
    rows.length ? `<table>\n${table}\n</table>` : '',
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

/** The sender's name of the garage's mails; none (MAIL_FROM's) when the garage has no name. */
export function senderName(garage: Garage | undefined): { senderName?: string } {
  const name = garage?.name?.trim();
  return name ? { senderName: visibleText(name) } : {};
}

/** The garage's signature: its name, address and phone, each when known. */
export function signature(garage: Garage, name: string): string[] {
  return [
    name,
    ...(garage.address ? [garage.address] : []),
    ...(garage.phone ? [`Tél. ${garage.phone}`] : []),
  ];
}

/** The owner's notification of a new request: its details and a link to it in the back-office. */
export function ownerNotification(
  r: RequestRow,
  to: string,
  siteUrl: string,
  garage?: Garage,
): Mail {
  const intro = [`Nouvelle demande reçue sur le site le ${receivedAt(r.created_at)}.`];
  const link: [string, string] = [
    'Voir la demande dans l’administration',
    `${siteUrl.replace(/\/+$/, '')}/admin/demandes/${r.id}`,
  ];
  const rows = details(r);
  const shown = visibleRequest(r);
  return {
    to,
    subject: `Nouvelle demande : ${shown.service} – ${shown.name}`,
    text: text(intro, rows, link),
    html: html(intro, rows, link),
    ...senderName(garage),
    // Answering the notification answers the visitor.
    ...(r.email ? { replyTo: r.email } : {}),
  };
}

/**
 * The visitor's acknowledgement: only the garage's own words, its name and contact, and the
 * request's reference. Nothing the visitor typed (no name, no message, no link): anyone may type
 * anyone's address in the form, and the garage's mail server must not carry their words to it
 * (docs/decisions/045-request-form-abuse.md).
 */
export function visitorAcknowledgement(
  r: Pick<RequestRow, 'id' | 'email'>,
  garage: Garage,
  replyTo: string | undefined,
): Mail {
  const name = garage.name?.trim() || 'Le garage';
  const reach = [
    garage.phone ? `par téléphone au ${garage.phone}` : '',
    garage.email ? `par e-mail à ${garage.email}` : '',
  ].filter(Boolean);
  const paragraphs = [
    'Bonjour,',
    `${name} a bien reçu votre demande de devis ou de rendez-vous (référence ${requestReference(r.id)}) et vous répondra au plus vite.`,
    ...(reach.length ? [`Pour nous joindre : ${reach.join(' ou ')}.`] : []),
    ...(garage.address ? [`Adresse du garage : ${garage.address}.`] : []),
    `Vous recevez ce message parce que cette adresse a été indiquée dans le formulaire de demande du site de ${name}. Si ce n’est pas vous, ignorez-le : aucune autre suite ne lui sera donnée.`,
  ];
  const signed = signature(garage, name);
  return {
    to: r.email!,
    subject: `Votre demande a bien été reçue – ${name}`,
    text: `${text(paragraphs, [])}\n-- \n${signed.join('\n')}\n`,
    html: html(paragraphs, []).replace(
      '</body>',
      `<p style="color:#555">${signed.map(escapeHtml).join('<br>')}</p>\n</body>`,
    ),
    ...senderName(garage),
    ...(replyTo ? { replyTo } : {}),
  };
}

/**
 * A mail written when it was queued (a confirmation, a reminder, an answer…): its text as the
 * product or the owner wrote it, signed with the garage's name, address and phone as they are
 * when it leaves, so that every mail the product sends is signed the same way.
 */
export function writtenMail(
  mail: {
    to: string;
    subject: string;
    body: string;
    attachments: MailAttachment[];
    replyTo: string | undefined;
  },
  garage: Garage,
): Mail {
  const name = garage.name?.trim() || 'Le garage';
  const paragraphs = visibleText(mail.body, true)
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  const signed = signature(garage, name);
  return {
    to: mail.to,
    subject: visibleText(mail.subject),
    text: `${paragraphs.join('\n\n')}\n\n-- \n${signed.join('\n')}\n`,
    html: [
      '<!doctype html><html lang="fr"><body style="font-family:sans-serif;line-height:1.5">',
      ...paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`),
      `<p style="color:#555">${signed.map(escapeHtml).join('<br>')}</p>`,
      '</body></html>',
    ].join('\n'),
    ...senderName(garage),
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    ...(mail.attachments.length ? { attachments: mail.attachments } : {}),
  };
}
