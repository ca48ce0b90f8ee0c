// Every style a server-rendered public page needs is linked from the page itself, so that it is
// styled before any script runs: the components that import these load later, in chunks.
import './site/styles/base.css';
import './site/styles/site.css';
import './site/blog/blog.css';
import './site/alert/alert-banner.css';
import './site/calculator/payment-calculator.css';
import { INSTALLATION_PATH, LOGIN_PATH, NEW_PASSWORD_PATH } from './app/client-paths.ts';

/**
 * The page's entry: the site (React and the public pages), or on /admin-login the login form
 * alone (and on /admin/nouveau-mot-de-passe its new-password page), which loads neither React nor
 * the back-office, only the auth client; on /installation, the page that creates the first
 * administrator from the server's one-time link. Each is a chunk of
 * its own, so this entry weighs almost nothing.
 */

const rootElement = document.getElementById('root');

if (!rootElement) {
  // Without its root element the app only logs the problem.
  console.error("Élément racine #root introuvable : l'application ne peut pas démarrer.");
} else if (LOGIN_PATH.test(window.location.pathname)) {
  import('./admin/login/index.ts')
    .then(({ startLoginPage }) => startLoginPage(rootElement))
    .catch((error: unknown) => console.error('Page de connexion indisponible', error));
} else if (NEW_PASSWORD_PATH.test(window.location.pathname)) {
  import('./admin/login/index.ts')
    .then(({ startNewPasswordPage }) => startNewPasswordPage(rootElement))
    .catch((error: unknown) => console.error('Page de nouveau mot de passe indisponible', error));
} else if (INSTALLATION_PATH.test(window.location.pathname)) {
  import('./admin/login/installation.ts')
    .then(({ startInstallationPage }) => startInstallationPage(rootElement))
    .catch((error: unknown) => console.error("Page d'installation indisponible", error));
} else {
  // A server-rendered page stays readable if this download fails; only its interactions wait.
  import('./app/browser.tsx')
    .then(({ startSite }) => startSite(rootElement))
    .catch((error: unknown) => console.error('Le site ne peut pas démarrer', error));
}
