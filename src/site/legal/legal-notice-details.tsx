import type { IdentityContent } from '../../content/generated/types.ts';
import { legalNotice, PENDING_TEXT, type LegalItem } from './legal-items.ts';

/** An item's value, or the plain statement that it is being completed. */
export function ItemValue({ value }: { value: string | null }) {
  return value === null ? <em className="legal-page__pending">{PENDING_TEXT}</em> : <>{value}</>;
}

function Items({ items }: { items: LegalItem[] }) {
  return (
    <ul>
      {items.map((item) => (
        <li key={item.label}>
          {item.label} : <ItemValue value={item.value} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The legal notice's mandatory items (LCEN article 1-1, docs/legal.md#legal-notice-mentions-légales),
 * written by the site from the identity so that the owner has nothing to keep in step
 * (docs/decisions/060-legal-items-from-identity.md).
 */
export function LegalNoticeDetails({ identity }: { identity: IdentityContent }) {
  const notice = legalNotice(identity);
  return (
    <div className="legal-page__details">
      {notice.incomplete && (
        <p className="legal-page__incomplete">
          Certaines informations de cette page sont en cours de complétion par le garage.
        </p>
      )}
      <h2>Éditeur du site</h2>
      <Items items={notice.publisher} />
      <h2>Directeur de la publication</h2>
      <p>
        <ItemValue value={notice.director.value} />
      </p>
      <h2>Hébergeur</h2>
      <Items items={notice.host} />
    </div>
  );
}
