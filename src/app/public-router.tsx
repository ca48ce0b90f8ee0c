import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Router } from 'wouter';

/**
 * The public site's routing: wouter (a router of about 2 kB, where react-router weighs about
 * 12 kB gzipped on every visitor's first load), fed with a location held in React state. The
 * back-office keeps react-router inside its own lazily loaded chunk (src/admin/admin-app.tsx).
 *
 * The location lives in state rather than in wouter's default store so that a navigation renders
 * in a transition: the page on screen stays there until the next page's code has arrived, instead
 * of a loading fallback in between.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;
type LocationValue = [path: string, navigate: Navigate];

const LocationContext = createContext<LocationValue>(['/', () => undefined]);

/** wouter's location hook: every component reads the one location of the provider above. */
const useProvidedLocation = (): LocationValue => useContext(LocationContext);

function PathRouter({ value, children }: { value: LocationValue; children: ReactNode }) {
  return (
    <LocationContext value={value}>
      <Router hook={useProvidedLocation}>{children}</Router>
    </LocationContext>
  );
}

/** On the server (and in tests): the page at `path`, with nowhere to navigate. */
export function StaticPathRouter({ path, children }: { path: string; children: ReactNode }) {
  const value = useMemo<LocationValue>(() => [path, () => undefined], [path]);
  return <PathRouter value={value}>{children}</PathRouter>;
}

/**
 * In the browser: the address bar's path, kept by the History API. A link followed scrolls to
 * the top of the new page once it is shown; Back and Forward leave the scrolling to the browser.
 */
export function BrowserPathRouter({ children }: { children: ReactNode }) {
  const [path, setPath] = useState(() => window.location.pathname);
  const followedLink = useRef(false);

  useEffect(() => {
    const onPopState = () => startTransition(() => setPath(window.location.pathname));
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  const navigate = useCallback<Navigate>((to, { replace = false } = {}) => {
    const url = new URL(to, window.location.href);
    if (replace) window.history.replaceState(null, '', url);
    else window.history.pushState(null, '', url);
    followedLink.current = !replace;
    startTransition(() => setPath(url.pathname));
  }, []);

  useLayoutEffect(() => {
    if (!followedLink.current) return;
    followedLink.current = false;
    window.scrollTo(0, 0);
  }, [path]);

  const value = useMemo<LocationValue>(() => [path, navigate], [path, navigate]);
  return <PathRouter value={value}>{children}</PathRouter>;
}
