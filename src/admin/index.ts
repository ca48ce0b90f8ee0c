/** The back-office's single entry, loaded lazily by src/app/routes.tsx on admin routes only. */
export { AdminRoot } from './admin-root.tsx';
export { AdminArea } from './admin-area.tsx';
export { AdminLoginPage } from './login/admin-login-page.tsx';
