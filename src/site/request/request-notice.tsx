import { Link } from 'wouter';
import type { IdentityContent } from '../../content/generated/types.ts';
import { REQUEST_RETENTION_MONTHS } from '../../lib/retention.ts';
import { contactWays } from '../legal/legal-items.ts';

/**
 * What the visitor is told where the request form collects their details (RGPD article 13,
 * docs/legal.md#privacy): who keeps them, why, for how long, and how to use their rights. From
 * the identity; a contact detail not known yet is left out rather than shown as an example.
 */
export function RequestNotice({
  identity,
  privacyPath,
}: {
  identity: IdentityContent;
  privacyPath: string;
}) {
  return (
    <p className="request-form__notice" id="demande-donnees">
      Vos informations sont enregistrées par {identity.name.trim()} pour répondre à votre demande
      (devis ou rendez-vous), et ne servent à rien d&apos;autre ; seul le garage les lit. Elles sont
      effacées {REQUEST_RETENTION_MONTHS} mois après l&apos;envoi. Vous pouvez y accéder, les faire
      corriger ou effacer, ou vous opposer à leur usage {contactWays(identity)} ; vous pouvez aussi
      saisir la CNIL. Le détail est dans la{' '}
      <Link to={privacyPath}>politique de confidentialité</Link>.
    </p>
  );
}
