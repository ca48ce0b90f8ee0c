import { useEffect, useId, useState } from 'react';

const WIDE = '(min-width: 75rem)';

function useWide(): boolean {
  const [wide, setWide] = useState(() => window.matchMedia(WIDE).matches);
  useEffect(() => {
    const query = window.matchMedia(WIDE);
    const change = () => setWide(query.matches);
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, []);
  return wide;
}

/**
 * The real home page beside the form (below it, behind a button, on a phone), loaded again after
 * each save so the owner sees what visitors see. Same origin: the server lets the site frame its
 * own pages and nothing else (docs/decisions/073-home-page-in-the-back-office.md).
 */
export function HomeFrame({ version }: { version: number }) {
  const wide = useWide();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const frameId = useId();
  const shown = wide || open;
  return (
    <section className="home-frame" aria-labelledby={titleId}>
      <h3 id={titleId} className="home-frame__title">
        Ma page d&apos;accueil
      </h3>
      {!wide && (
        <button
          type="button"
          className="button button--secondary"
          aria-expanded={open}
          aria-controls={frameId}
          onClick={() => setOpen(!open)}
        >
          {open ? "Masquer ma page d'accueil" : "Voir ma page d'accueil"}
        </button>
      )}
      <div id={frameId} className="home-frame__box" hidden={!shown}>
        {shown && (
          <iframe
            key={version}
            className="home-frame__frame"
            src="/"
            title="Votre page d'accueil, telle que la voient vos visiteurs"
          />
        )}
        <p className="home-frame__hint">
          Rechargée après chaque enregistrement.{' '}
          <a href="/" target="_blank" rel="noopener">
            Ouvrir dans un nouvel onglet
          </a>
        </p>
      </div>
    </section>
  );
}
