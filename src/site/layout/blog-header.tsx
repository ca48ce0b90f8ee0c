import { Link } from 'wouter';
import { SITE_NAME } from '../site-name.ts';

/** The simple header of blog pages, not the home menu (docs/decisions/013-blog-pages-header.md). */
export function BlogHeader() {
  return (
    <header className="blog-header">
      <div className="blog-header__inner">
        <Link className="site-header__brand" to="/">
          {SITE_NAME}
        </Link>
        <nav aria-label="Navigation du blog">
          <ul>
            <li>
              <Link to="/">Accueil</Link>
            </li>
            <li>
              <Link to="/blog">Blog</Link>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
