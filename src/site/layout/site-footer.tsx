import { Link } from 'wouter';
import { useSiteContent } from '../../content/api.ts';
import { isStillExample } from '../../content/example-value.ts';
import { LEGAL_PAGES } from '../legal/legal-pages.ts';
import { CallBar } from './call-bar.tsx';

/**
 * The shared footer: copyright with the garage's name and the current year, the partner
 * slideshow, the garage's social networks, the legal pages, back to top; on a phone, the call
 * button that stays at the bottom of the window.
 */
export function SiteFooter() {
  const { content } = useSiteContent();
  const { identity } = content;
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        {/* The year is read at render time; a page rendered on New Year's Eve may differ once. */}
        <p suppressHydrationWarning>
          © {new Date().getFullYear()} {identity.name}. Tous droits réservés.
        </p>
        {/* The example address shipped with the site leads nowhere: no link until it is real. */}
        {!isStillExample('identity', identity, 'vehiclesSlideshowUrl') && (
          <a href={identity.vehiclesSlideshowUrl} target="_blank" rel="noopener noreferrer">
            Nos véhicules chez notre partenaire
            <span className="visually-hidden"> (nouvel onglet)</span>
          </a>
        )}
        {identity.socialLinks.map((link) => (
          <a key={link.url} href={link.url} target="_blank" rel="noopener noreferrer me">
            {link.label}
            <span className="visually-hidden"> (nouvel onglet)</span>
          </a>
        ))}
        {LEGAL_PAGES.map((page) => (
          <Link key={page.path} to={page.path}>
            {page.title}
          </Link>
        ))}
        <a href="#top">Retour en haut</a>
      </div>
      <CallBar />
    </footer>
  );
}
