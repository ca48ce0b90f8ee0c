import { useEffect, useRef, useState } from 'react';

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
