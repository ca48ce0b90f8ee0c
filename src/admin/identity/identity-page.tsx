import type { IdentityContent } from '../../content/generated/types.ts';
import { addressLine, addressSearchUrl } from '../../content/garage-address.ts';
import { ContentPanel } from '../content/content-panel.tsx';

/** What visitors read of the identity: the header's name, the home title, the contacts. */
function IdentityPreview({ identity }: { identity: IdentityContent }) {
  return (
    <div className="identity-preview">
      <p className="identity-preview__brand">{identity.name}</p>
      <p>
        {identity.name} – {identity.tagline}
      </p>
      <p>
        {identity.legalForm}, SIRET {identity.siret}
      </p>
      <p>{addressLine(identity)}</p>
      <p>
        {/* No geocoding from the server: the owner reads the coordinates on the map. */}
        <a href={addressSearchUrl(identity)} target="_blank" rel="noopener noreferrer">
          Trouver les coordonnées sur OpenStreetMap
          <span className="visually-hidden"> (nouvel onglet)</span>
        </a>{' '}
        (clic droit sur le garage, « Afficher l&apos;adresse » : la latitude et la longitude
        s&apos;affichent)
      </p>
      <p>
        {identity.phone} · {identity.email}
      </p>
      {identity.socialLinks.length > 0 && (
        <p>{identity.socialLinks.map((link) => link.label).join(' · ')}</p>
      )}
    </div>
  );
}

/** "Identité du garage" (/admin/identity): the name and details shown across the site. */
export function IdentityPage() {
  return (
    <ContentPanel
      type="identity"
      title="Identité du garage"
      intro="Le nom, les coordonnées et les liens du garage : ils apparaissent dans l'en-tête, le pied de page, les pages légales et ce que lisent les moteurs de recherche."
      renderPreview={(identity) => <IdentityPreview identity={identity} />}
    />
  );
}
