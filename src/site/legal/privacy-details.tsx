import type { IdentityContent } from '../../content/generated/types.ts';
import {
  BROWSER_MEMORY_MONTHS,
  REQUEST_RETENTION_MONTHS,
  VISIT_RETENTION_MONTHS,
} from '../../lib/retention.ts';
import { VisitCountingChoice } from '../visits/visit-counting-choice.tsx';
import { contactWays, identityAddress, identityValue } from './legal-items.ts';
import { ItemValue } from './legal-notice-details.tsx';

/**
 * The privacy page's mandatory part (RGPD articles 13 and 15 to 21, the CNIL's audience-measurement
 * exemption: docs/legal.md#privacy), written by the site from the identity and the periods the
 * server applies (src/lib/retention.ts), so that it cannot drift from what the site does.
 */
export function PrivacyDetails({ identity }: { identity: IdentityContent }) {
  const email = identityValue(identity, 'email');
  const phone = identityValue(identity, 'phone');
  const host = identityValue(identity, 'host.name');
  return (
    <div className="legal-page__details">
      <h2>Qui est responsable de vos données ?</h2>
      <ul>
        <li>
          Le garage : <ItemValue value={identityValue(identity, 'name')} />,{' '}
          <ItemValue value={identityValue(identity, 'legalForm')} />
        </li>
        <li>
          Adresse : <ItemValue value={identityAddress(identity)} />
        </li>
        <li>
          Téléphone : <ItemValue value={phone} />
        </li>
        <li>
          E-mail : <ItemValue value={email} />
        </li>
      </ul>

      <h2>Vos demandes de devis ou de rendez-vous</h2>
      <ul>
        <li>
          <strong>Ce qui est enregistré</strong> : uniquement ce que vous saisissez dans le
          formulaire « Demander un devis ou un rendez-vous » (nom, téléphone ou e-mail, véhicule,
          besoin, dates souhaitées, message) et votre accord. Ni votre adresse IP, ni votre
          navigateur.
        </li>
        <li>
          <strong>Pourquoi</strong> : pour répondre à la demande que vous nous faites (devis,
          rendez-vous), et rien d&apos;autre : ni prospection, ni cession à des tiers. Sans votre
          nom et un moyen de vous joindre, le garage ne peut pas vous répondre.
        </li>
        <li>
          <strong>Qui la voit</strong> : seulement le garage. Elle est conservée chez
          l&apos;hébergeur du site (<ItemValue value={host} />
          ), qui ne s&apos;en sert pas.
        </li>
        <li>
          <strong>Combien de temps</strong> : {REQUEST_RETENTION_MONTHS} mois après l&apos;envoi de
          la demande, puis elle est effacée automatiquement.
        </li>
      </ul>

      <h2>Mesure d&apos;audience</h2>
      <ul>
        <li>
          <strong>Aucun cookie</strong> : ce site n&apos;en dépose pas, ni pour la mesure
          d&apos;audience ni pour la publicité.
        </li>
        <li>
          <strong>Ce qui est compté</strong> : au plus une visite de la page d&apos;accueil toutes
          les 6 heures par navigateur, avec seulement le nom de la page et l&apos;heure. Ni votre
          adresse IP, ni votre navigateur, ni rien qui permette de vous reconnaître. Ces
          statistiques servent au garage seul.
        </li>
        <li>
          <strong>Combien de temps</strong> : chaque visite est gardée {VISIT_RETENTION_MONTHS} mois
          au plus ; au-delà, il ne reste que le nombre de visites par jour.
        </li>
        <li>
          <strong>Sur votre appareil</strong> : votre navigateur garde l&apos;heure de votre
          dernière visite comptée (pour ne pas la compter deux fois) et la fenêtre
          d&apos;information que vous avez fermée (pour ne pas la rouvrir). Ces informations ne
          quittent pas votre appareil ; le site les oublie {BROWSER_MEMORY_MONTHS} mois après les
          avoir écrites, et vous pouvez les effacer avec les données de navigation.
        </li>
        <li>
          <strong>Vous y opposer</strong> : le bouton ci-dessous arrête le comptage de vos visites
          sur ce navigateur. Un navigateur qui refuse le stockage local des sites n&apos;est pas
          compté non plus.
        </li>
      </ul>
      <VisitCountingChoice />

      <h2>Vos droits</h2>
      <p>
        Vous pouvez demander l&apos;accès aux données vous concernant, leur rectification, leur
        effacement ou la limitation de leur usage, vous opposer à leur usage et en recevoir une
        copie, {contactWays(identity)}. Le garage vous répond dans un délai d&apos;un mois. Vous
        pouvez aussi adresser une réclamation à la CNIL (www.cnil.fr).
      </p>
    </div>
  );
}
