import { useId, useState } from 'react';
import { SITE_NAME } from '../site-name.ts';

export interface MenuLink {
  anchor: string;
  title: string;
}

/** The home page's fixed header: a menu of the visible sections and a mobile menu toggle. */
export function SiteHeader({ links }: { links: MenuLink[] }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <a className="site-header__brand" href="#top">
          {SITE_NAME}
        </a>
        <button
          type="button"
          className="site-header__toggle"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((value) => !value)}
        >
          Menu
        </button>
        <nav aria-label="Menu principal" id={menuId} className="site-header__nav" data-open={open}>
          <ul>
            {links.map((link) => (
              <li key={link.anchor}>
                <a href={`#${link.anchor}`} onClick={() => setOpen(false)}>
                  {link.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
