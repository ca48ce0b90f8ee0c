import { Link } from 'react-router-dom';
import { useAuth } from '../auth/auth-context.ts';
import { leaveForLogin } from '../auth/leave-for-login.ts';

interface AdminHeaderProps {
  navId: string;
  navOpen: boolean;
  onToggleNav(): void;
}

export function AdminHeader({ navId, navOpen, onToggleNav }: AdminHeaderProps) {
  const { logout } = useAuth();

  async function handleLogout() {
    await logout();
    leaveForLogin();
  }

  return (
    <header className="admin-header">
      <button
        type="button"
        className="admin-header__toggle"
        aria-expanded={navOpen}
        aria-controls={navId}
        onClick={onToggleNav}
      >
        Menu
      </button>
      <Link className="admin-header__brand" to="/admin">
        Administration
      </Link>
      <div className="admin-header__actions">
        <a className="admin-header__link" href="/" target="_blank" rel="noopener">
          Voir le site<span className="visually-hidden"> (nouvel onglet)</span>
        </a>
        <button type="button" className="button button--small" onClick={() => void handleLogout()}>
          Déconnexion
        </button>
      </div>
    </header>
  );
}
