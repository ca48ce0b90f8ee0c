import type { Database, Tx } from './db/database.ts';
import { DEFAULT_CONTENT } from '../src/content/defaults.ts';

/**
 * A database older than the identity holds the owner's phone, e-mail and address in its contact
 * record only, and the vehicles partner's address in the vehicles record; once the identity exists
 * both records follow it (docs/decisions/057-one-garage-identity.md,
 * docs/decisions/081-partner-addresses-in-identity.md). So the first identity takes those details
 * from the records rather than the defaults, and nothing the owner typed is lost.
 */
async function identityFromContact(tx: Tx, defaults: object): Promise<object> {
  const vehicles = await tx.query<{ url: string | null }>(
    `select content ->> 'iframeUrl' as url from public.site_content where type = 'vehicles'`,
  );
  const slideshow = vehicles.rows[0]?.url?.trim();
  if (slideshow) defaults = { ...defaults, vehiclesSlideshowUrl: slideshow };
  const { rows } = await tx.query<Record<'address' | 'phone' | 'email', string | null>>(
    `select content ->> 'address' as address, content ->> 'phone' as phone,
            content ->> 'email' as email
       from public.site_content where type = 'contact'`,
  );
  const contact = rows[0];
  if (!contact) return defaults;
  const text = (key: 'address' | 'phone' | 'email') => contact[key]?.trim() || undefined;
  // « 12 rue X, 69003 Lyon », as the migration that merged the two records reads it.
  const address = /^(.*\S)\s*,\s*(\d{5})\s+(\S.*)$/.exec(text('address') ?? '');
  return {
    ...defaults,
    ...(text('phone') && { phone: text('phone') }),
    ...(text('email') && { email: text('email') }),
    ...(address && { street: address[1], postalCode: address[2], city: address[3] }),
  };
}

/**
 * Gives `site_content` the default content of every type it has no row for: all of them on an
 * empty database, and on a database of an earlier version the types added since (the garage's
 * identity, the legal pages…), so that their panels start from the defaults the site already
 * shows. A stored row is never touched. Returns the rows written.
 */
export async function seedDefaultContent(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    let written = 0;
    for (const [type, defaults] of Object.entries(DEFAULT_CONTENT)) {
      const content = type === 'identity' ? await identityFromContact(tx, defaults) : defaults;
      const { rows } = await tx.query<{ type: string }>(
        `insert into public.site_content (type, content) values ($1, $2::jsonb)
           on conflict (type) do nothing
         returning type`,
        [type, JSON.stringify(content)],
      );
      written += rows.length;
    }
    return written;
  });
}
