import { Link } from 'react-router-dom';

export function AdminNotFoundPage() {
  return (
    <>
      <title>Page introuvable – Administration</title>
      <h1>Page introuvable</h1>
      <p>
        Cette page de l&apos;administration n&apos;existe pas.{' '}
        <Link to="/admin">Retour à la gestion des sections</Link>
      </p>
    </>
  );
}
