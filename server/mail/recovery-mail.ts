import {
  escapeHtml,
  senderName,
  signature,
  type Garage,
} from '../../supabase/functions/_shared/request-mails.ts';
import type { Mail } from './mailer.ts';

/**
 * The forgotten-password mail, in French, plain text and HTML: one link, valid one hour and once
 * (docs/decisions/035-forgotten-password.md). Signed with the garage's name, address and phone, as
 * every mail the product sends.
 */
export function recoveryMail(to: string, link: string, siteUrl: string, garage: Garage): Mail {
  const site = new URL(siteUrl).host;
  const intro = `Une demande de nouveau mot de passe a été faite pour votre compte d'administration de ${site}.`;
  const action =
    'Pour choisir un nouveau mot de passe, ouvrez ce lien (valable une heure, une seule fois) :';
  const ignore =
    "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste le même.";
  const signed = signature(garage, garage.name?.trim() || site);
  return {
    to,
    subject: `Nouveau mot de passe – ${site}`,
    text: ['Bonjour,', '', intro, '', action, link, '', ignore, '', '-- ', ...signed, ''].join(
      '\n',
    ),
    html: [
      '<p>Bonjour,</p>',
      `<p>${escapeHtml(intro)}</p>`,
      `<p>${escapeHtml(action)}</p>`,
      `<p><a href="${escapeHtml(link)}">Choisir un nouveau mot de passe</a></p>`,
      `<p>${escapeHtml(ignore)}</p>`,
      `<p style="color:#555">${signed.map(escapeHtml).join('<br>')}</p>`,
    ].join('\n'),
    ...senderName(garage),
  };
}
