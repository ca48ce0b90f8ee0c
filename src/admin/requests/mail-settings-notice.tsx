import type { SupabaseClient } from '@supabase/supabase-js';
import { missingMailSettings, REQUEST_MESSAGES } from './requests-model.ts';
import { useMailSettings } from './use-requests.ts';

/**
 * Says when the owner is not told of new requests by e-mail, and how to turn it on (README,
 * « Demandes et e-mails »). Silent while reading, and when the answer cannot be read.
 */
export function MailSettingsNotice({ client }: { client: SupabaseClient }) {
  const settings = useMailSettings(client);
  if (!settings.data) return null;
  const missing = missingMailSettings(settings.data);
  if (missing.length === 0) return null;
  return (
    <div className="requests-notice" role="note">
      <p>
        <strong>{REQUEST_MESSAGES.notificationsOff}</strong> Les demandes arrivent bien ici, mais
        aucun e-mail ne vous prévient.
      </p>
      <p>
        Pour les activer, définissez{' '}
        {missing.map((name, i) => (
          <span key={name}>
            {i > 0 && ' et '}
            <code>{name}</code>
          </span>
        ))}{' '}
        sur le serveur (par exemple{' '}
        <code>SMTP_URL=smtps://utilisateur:mot-de-passe@serveur:465</code> et{' '}
        <code>NOTIFY_EMAIL=vous@exemple.fr</code>), puis redémarrez-le. Sur Supabase hébergé, ce
        sont des secrets de la fonction <code>request-mails</code>.
      </p>
    </div>
  );
}
