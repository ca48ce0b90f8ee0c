import { AdminPlaceholderPage } from '../pages/admin-placeholder-page.tsx';

/** Placeholder until the panel lands (issue 5). */
export function BlogPage() {
  return <AdminPlaceholderPage title="Gestion du Blog" />;
}
