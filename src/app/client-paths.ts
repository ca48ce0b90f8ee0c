/**
 * The addresses of the back-office, rendered by the browser alone: the server answers them with
 * the app shell (200), and every other address it does not render answers 404 with the shell,
 * which shows « Page introuvable » (docs/product.md#pages-and-routes).
 */

/** /admin and /admin/…: the back-office's own router. */
export const ADMIN_PATHS = /^\/admin(?:\/.*)?\/?$/i;

/** The sign-in page, a page of its own (src/main.tsx). */
export const LOGIN_PATH = /^\/admin-login\/?$/i;

/**
 * Where a forgotten-password link lands: under /admin for the server, but a page of the login
 * chunk (no back-office code: its visitor is not signed in yet).
 */
export const NEW_PASSWORD_PATH = /^\/admin\/nouveau-mot-de-passe\/?$/i;

/**
 * Where the one-time link that creates the first administrator lands (server/auth/setup.ts): a
 * page of its own chunk, like the sign-in page, never part of the public site.
 */
export const INSTALLATION_PATH = /^\/installation\/?$/i;

/** Whether the browser has a page at `pathname` that the server does not render. */
export function isClientOnlyPage(pathname: string): boolean {
  return (
    ADMIN_PATHS.test(pathname) || LOGIN_PATH.test(pathname) || INSTALLATION_PATH.test(pathname)
  );
}
