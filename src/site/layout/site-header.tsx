import {
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useLocation } from 'wouter';
import { useSiteContent } from '../../content/api.ts';
import { REQUEST_FORM_PATH, REQUEST_MENU_LABEL } from '../request/request-route.ts';
import { scrollToSection } from './scroll-to-section.ts';
import { useScrolledPast } from './use-scrolled-past.ts';

/** The header darkens once the page is scrolled more than this many pixels. */
export const HEADER_DARKEN_THRESHOLD_PX = 100;

export interface MenuLink {
  anchor: string;
  title: string;
}

interface SiteHeaderProps {
  links: MenuLink[];
  /** Shown above the menu bar, inside the fixed header: the site alert. */
  children?: ReactNode;
}

/**
 * False in the server's page and until the browser has run the page's script (the first render
 * must match the server's); true afterwards.
 */
function useScripted(): boolean {
  return useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );
}

const noChange = () => () => undefined;

/** A plain left click, which the page handles; other clicks open tabs or windows as usual. */
function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * The home page's fixed header: a menu of the visible sections with smooth scrolling and an
 * 80 px offset, a mobile menu toggle (a button once the script runs; before, or without
 * JavaScript, a checkbox and its label that open the menu by CSS), and a darker background past
 * 100 px of scroll. Blog pages
 * have their own simple header (docs/decisions/013-blog-pages-header.md), so this one never
 * shows under /blog.
 */
export function SiteHeader({ links, children }: SiteHeaderProps) {
  const [open, setOpen] = useState(false);
  const scripted = useScripted();
  const menuId = useId();
  const switchId = useId();
  const scrolled = useScrolledPast(HEADER_DARKEN_THRESHOLD_PX);
  const [pathname] = useLocation();
  const top = useRef<HTMLDivElement>(null);
  const { identity } = useSiteContent().content;
  // A menu opened before the script ran (the checkbox) stays open when the button replaces it.
  const menuSwitch = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (menuSwitch.current?.checked) setOpen(true);
  }, []);

  if (pathname.startsWith('/blog')) return null;

  const onLinkClick = (event: MouseEvent<HTMLAnchorElement>, anchor: string) => {
    setOpen(false);
    const alertHeight = top.current?.offsetHeight ?? 0;
    if (isPlainClick(event) && scrollToSection(anchor, alertHeight)) event.preventDefault();
  };

  return (
    <header className="site-header" data-scrolled={scrolled} data-menu-open={open}>
      <div ref={top} className="site-header__top">
        {children}
      </div>
      <div className="site-header__inner">
        <a className="site-header__brand" href="#top">
          {/* Beside the name, which says it: nothing more for a screen reader. */}
          <img className="site-header__logo" src={identity.logo} alt="" height={32} />
          {identity.name}
        </a>
        {scripted ? (
          <button
            type="button"
            className="site-header__toggle"
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen((value) => !value)}
          >
            Menu
          </button>
        ) : (
          // Without JavaScript (or until it runs), a checkbox opens the menu by CSS alone.
          <>
            <input ref={menuSwitch} id={switchId} type="checkbox" className="site-header__switch" />
            <label htmlFor={switchId} className="site-header__toggle">
              Menu
            </label>
          </>
        )}
        <nav aria-label="Menu principal" id={menuId} className="site-header__nav" data-open={open}>
          <ul>
            {links.map((link) => (
              <li key={link.anchor}>
                <a href={`#${link.anchor}`} onClick={(event) => onLinkClick(event, link.anchor)}>
                  {link.title}
                </a>
              </li>
            ))}
            <li>
              <a href={REQUEST_FORM_PATH}>{REQUEST_MENU_LABEL}</a>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
