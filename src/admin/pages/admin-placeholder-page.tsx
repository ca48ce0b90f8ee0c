import { AdminTitle } from '../shell/new-requests.tsx';
/** An admin panel whose editor is not written yet; it already has its route and title. */
export function AdminPlaceholderPage({ title }: { title: string }) {
  return (
    <>
      <AdminTitle>{title}</AdminTitle>
      <h1>{title}</h1>
      <p>Ce panneau sera bientôt disponible.</p>
    </>
  );
}
