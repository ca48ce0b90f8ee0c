import { AdminPlaceholderPage } from '../pages/admin-placeholder-page.tsx';

/** Placeholder until the panel lands (issue 5). */
export function StatsPage() {
  return <AdminPlaceholderPage title="Statistiques de Visites" />;
}
