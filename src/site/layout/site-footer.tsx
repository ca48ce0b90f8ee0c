import { useSiteContent } from '../../content/api.ts';
import { SITE_NAME } from '../site-name.ts';

/** The shared footer: copyright with the current year, the partner slideshow, back to top. */
export function SiteFooter() {
  const { content } = useSiteContent();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        {/* The year is read at render time; a page rendered on New Year's Eve may differ once. */}
        <p suppressHydrationWarning>
          © {new Date().getFullYear()} {SITE_NAME}. Tous droits réservés.
        </p>
        <a href={content.vehicles.iframeUrl} target="_blank" rel="noopener noreferrer">
          Nos véhicules chez notre partenaire
          <span className="visually-hidden"> (nouvel onglet)</span>
        </a>
        <a href="#top">Retour en haut</a>
      </div>
    </footer>
  );
}
