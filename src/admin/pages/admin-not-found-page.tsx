import { Link } from 'react-router-dom';
import { AdminTitle } from '../shell/new-requests.tsx';

export function AdminNotFoundPage() {
  return (
    <>
      <AdminTitle>Page introuvable</AdminTitle>
      <h1>Page introuvable</h1>
      <p>
        Cette page de l&apos;administration n&apos;existe pas.{' '}
        <Link to="/admin">Retour à la gestion des sections</Link>
      </p>
    </>
  );
}
