/**
 * « Mon compte » opened with this parameter greets the administrator just created from the setup
 * link (src/admin/login/installation.ts) and offers two-factor sign-in first. A module of its own, so that
 * the installation page does not load the account page's React code.
 */
export const WELCOME_PARAM = 'bienvenue';
