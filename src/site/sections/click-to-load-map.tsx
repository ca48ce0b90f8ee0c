import { useEffect, useRef, useState } from 'react';
import type { IdentityContent } from '../../content/generated/types.ts';
import { addressSearchUrl, mapEmbedUrl } from '../../content/garage-address.ts';

/**
 * The map is a third-party page: it is only fetched when the visitor asks for it, so visiting the
 * site sends nothing to the map provider.
 */
export function ClickToLoadMap({ url }: { url: string }) {
  const [shown, setShown] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);

  // The button the visitor pressed is gone: keep keyboard focus where the map now stands.
  useEffect(() => {
    if (shown) frame.current?.focus();
  }, [shown]);

  return (
    <div className="map frame-16-9">
      {shown ? (
        <iframe ref={frame} src={url} title="Plan d'accès au garage" />
      ) : (
        <div className="map__placeholder">
          <p>
            La carte est fournie par un service externe et ne se charge qu&apos;à votre demande.
          </p>
          <button type="button" className="button" onClick={() => setShown(true)}>
            Afficher la carte
          </button>
        </div>
      )}
    </div>
  );
}

/**
 * The garage on OpenStreetMap, from its identity: around its coordinates, with a marker, when the
 * owner gave them; otherwise a link to OpenStreetMap's search for the address, and no frame (a
 * map centred on a guess would mislead).
 */
export function GarageMap({ identity }: { identity: IdentityContent }) {
  const embed = mapEmbedUrl(identity);
  if (embed) return <ClickToLoadMap url={embed} />;
  return (
    <p className="map-link">
      <a href={addressSearchUrl(identity)} target="_blank" rel="noopener noreferrer">
        Voir l&apos;adresse sur OpenStreetMap
        <span className="visually-hidden"> (nouvel onglet)</span>
      </a>
    </p>
  );
}
