import { DEFAULT_CONTENT } from '../../content/defaults.ts';
import { SITE_NAME } from '../site-name.ts';

/** The shared footer: copyright with the current year, the partner slideshow, back to top. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p>
          © {new Date().getFullYear()} {SITE_NAME}. Tous droits réservés.
        </p>
        <a href={DEFAULT_CONTENT.vehicles.iframeUrl} rel="noopener" target="_blank">
          Nos véhicules chez notre partenaire
        </a>
        <a href="#top">Retour en haut</a>
      </div>
    </footer>
  );
}
