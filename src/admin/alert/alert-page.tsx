import { AdminPlaceholderPage } from '../pages/admin-placeholder-page.tsx';

/** Placeholder until the panel lands (issue 5). */
export function AlertPage() {
  return <AdminPlaceholderPage title="Gérer l'Alerte" />;
}
