/** The back-office's single entry, loaded lazily by src/app/routes.tsx on admin routes only. */
export { AdminApp } from './admin-app.tsx';
