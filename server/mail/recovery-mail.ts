import { escapeHtml } from '../../supabase/functions/_shared/request-mails.ts';
import type { Mail } from './mailer.ts';

/**
 * The forgotten-password mail, in French, plain text and HTML: one link, valid one hour and once
 * (docs/decisions/035-forgotten-password.md).
 */
export function recoveryMail(to: string, link: string, siteUrl: string): Mail {
  const site = new URL(siteUrl).host;
  const intro = `Une demande de nouveau mot de passe a été faite pour votre compte d'administration de ${site}.`;
  const action =
    'Pour choisir un nouveau mot de passe, ouvrez ce lien (valable une heure, une seule fois) :';
  const ignore =
    "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste le même.";
  return {
    to,
    subject: `Nouveau mot de passe – ${site}`,
    text: ['Bonjour,', '', intro, '', action, link, '', ignore, ''].join('\n'),
    html: [
      '<p>Bonjour,</p>',
      `<p>${escapeHtml(intro)}</p>`,
      `<p>${escapeHtml(action)}</p>`,
      `<p><a href="${escapeHtml(link)}">Choisir un nouveau mot de passe</a></p>`,
      `<p>${escapeHtml(ignore)}</p>`,
    ].join('\n'),
  };
}
