import { formatLongDateTime } from '../../lib/dates-paris.ts';
import { MAIL_KINDS, mailStateText, type RequestMail } from './requests-model.ts';

/** Where each mail of a request stands: sent, waiting (with its next try), or given up and why. */
export function RequestMails({ mails }: { mails: RequestMail[] }) {
  return (
    <section className="request__mails" aria-labelledby="request-mails-title">
      <h2 id="request-mails-title">E-mails</h2>
      {mails.length === 0 ? (
        <p>Aucun e-mail pour cette demande.</p>
      ) : (
        <ul>
          {mails.map((mail) => (
            <li key={`${mail.kind}-${mail.created_at}`} data-mail-status={mail.status}>
              <strong>
                {MAIL_KINDS[mail.kind]}
                {mail.subject && ` « ${mail.subject} »`} :
              </strong>{' '}
              {mailStateText(mail)}
              {mail.status === 'envoye' &&
                mail.sent_at &&
                ` le ${formatLongDateTime(mail.sent_at)}`}
              {mail.status === 'en_attente' &&
                mail.attempts > 0 &&
                `, prochain essai le ${formatLongDateTime(mail.next_attempt_at)}`}
              {mail.last_error && (
                <span className="request__mail-error">Dernière erreur : {mail.last_error}</span>
              )}
              {mail.body && (
                <details className="request__mail-text">
                  <summary>Texte de l’e-mail</summary>
                  <p>{mail.body}</p>
                </details>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
