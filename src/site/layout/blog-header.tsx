import { Link } from 'wouter';
import { useSiteContent } from '../../content/api.ts';
import { REQUEST_FORM_PATH, REQUEST_MENU_LABEL } from '../request/request-route.ts';

/** The simple header of blog pages, not the home menu (docs/decisions/013-blog-pages-header.md). */
export function BlogHeader() {
  const { identity } = useSiteContent().content;
  return (
    <header className="blog-header">
      <div className="blog-header__inner">
        <Link className="site-header__brand" to="/">
          {/* Beside the name, which says it: nothing more for a screen reader. */}
          <img className="site-header__logo" src={identity.logo} alt="" height={32} />
          {identity.name}
        </Link>
        <nav aria-label="Navigation du site">
          <ul>
            <li>
              <Link to="/">Accueil</Link>
            </li>
            <li>
              <Link to="/blog">Blog</Link>
            </li>
            <li>
              <Link to={REQUEST_FORM_PATH}>{REQUEST_MENU_LABEL}</Link>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
