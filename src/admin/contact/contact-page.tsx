import { Link } from 'react-router-dom';
import { SECTION_TYPES } from '../../content/section-types.ts';
import { GarageMap } from '../../site/sections/click-to-load-map.tsx';
import { useVersionedContent } from '../content/stored-content-fallback.tsx';
import { AdminTitle } from '../shell/new-requests.tsx';

const FIELDS = [
  ['address', 'Adresse'],
  ['phone', 'Téléphone'],
  ['email', 'E-mail'],
  ['mapUrl', 'Carte'],
] as const;

/**
 * « Contact » (/admin/contact): the contact section's details, read-only. The database copies them
 * from the garage's identity (docs/decisions/057-one-garage-identity.md), so they are changed
 * there, where the link leads; the map shows as visitors will see it.
 */
export function ContactPage() {
  const loaded = useVersionedContent();
  const title = SECTION_TYPES.contact.label;
  return (
    <>
      <AdminTitle>{title}</AdminTitle>
      <h1>{title}</h1>
      <p className="content-panel__intro">
        Ces coordonnées sont celles de l&apos;identité du garage : elles se modifient à un seul
        endroit, et le site, les pages légales et les e-mails les reprennent.{' '}
        <Link to="/admin/identity">Modifier dans Identité du garage</Link>
      </p>
      {loaded.ready ? (
        <>
          <dl className="contact-record">
            {FIELDS.map(([field, label]) => (
              <div key={field}>
                <dt>{label}</dt>
                <dd>{loaded.content.contact[field]}</dd>
              </div>
            ))}
          </dl>
          <GarageMap identity={loaded.content.identity} />
        </>
      ) : (
        loaded.fallback
      )}
    </>
  );
}
