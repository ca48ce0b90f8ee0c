import type { GoTrueClient } from '@supabase/supabase-js';
import { authRequest } from '../../lib/auth-request.ts';
import type { PasswordRecovery } from './forgot-password.ts';

/** The page the mailed link leads to (src/admin/login/new-password.ts). */
export const NEW_PASSWORD_PAGE = '/admin/nouveau-mot-de-passe';

const NOT_SENT = "Le lien n'a pas pu être demandé. Vérifiez l'adresse et réessayez.";
const TOO_MANY = 'Trop de demandes de nouveau mot de passe. Réessayez dans quelques minutes.';

/**
 * Whether the server mails reset links: our server says so in GoTrue's `/settings`
 * (`password_recovery_email`); hosted Supabase, which always mails, does not have the field.
 */
async function mailsLinks(auth: GoTrueClient): Promise<boolean> {
  try {
    const res = await authRequest(auth, 'settings');
    if (!res.ok) return true;
    const settings = (await res.json()) as { password_recovery_email?: unknown };
    return settings.password_recovery_email !== false;
  } catch {
    return true;
  }
}

export async function passwordRecovery(auth: GoTrueClient): Promise<PasswordRecovery> {
  if (!(await mailsLinks(auth))) return { byEmail: false };
  return {
    byEmail: true,
    async send(email) {
      const redirectTo = new URL(NEW_PASSWORD_PAGE, window.location.origin).href;
      const { error } = await auth.resetPasswordForEmail(email, { redirectTo });
      if (!error) return undefined;
      console.error('Demande de nouveau mot de passe', error);
      // Our server's own French words, which say how long to wait.
      if (error.status === 429)
        return error.message.startsWith('Trop de') ? error.message : TOO_MANY;
      return NOT_SENT;
    },
  };
}
