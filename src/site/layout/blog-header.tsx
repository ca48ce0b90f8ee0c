import { Link } from 'wouter';
import { SITE_NAME } from '../site-name.ts';

/** Blog pages carry this simple header instead of the home menu (DESIGN.md decision 6). */
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
