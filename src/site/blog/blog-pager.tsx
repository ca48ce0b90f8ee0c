import { Link } from 'wouter';
import { blogPagePath } from './pages.ts';

interface BlogPagerProps {
  page: number;
  hasOlder: boolean;
}

/**
 * The links between the pages of the list: newer and older posts, and the nearby page numbers
 * (the first page, the previous, this one and the next). The total is not counted, so the last
 * page is not named; "Articles plus anciens" leads on until it is reached.
 */
export function BlogPager({ page, hasOlder }: BlogPagerProps) {
  if (page === 1 && !hasOlder) return null;
  const numbers = [1, page - 1, page, page + 1].filter(
    (n, index, all) => n >= 1 && (n <= page || hasOlder) && all.indexOf(n) === index,
  );
  return (
    <nav className="blog-pager" aria-label="Pages du blog">
      {page > 1 && (
        <Link className="blog-pager__step" to={blogPagePath(page - 1)} rel="prev">
          <span aria-hidden="true">← </span>
          Articles plus récents
        </Link>
      )}
      <ol className="blog-pager__pages">
        {numbers.map((n, index) => (
          <li key={n}>
            {index > 0 && n - numbers[index - 1]! > 1 && (
              <span className="blog-pager__gap" aria-hidden="true">
                …
              </span>
            )}
            <Link to={blogPagePath(n)} aria-current={n === page ? 'page' : undefined}>
              <span className="visually-hidden">Page </span>
              {n}
            </Link>
          </li>
        ))}
      </ol>
      {hasOlder && (
        <Link className="blog-pager__step" to={blogPagePath(page + 1)} rel="next">
          Articles plus anciens
          <span aria-hidden="true"> →</span>
        </Link>
      )}
    </nav>
  );
}
