import { NavLink } from 'react-router-dom';
import { BackupStatusLine } from '../backup/index.ts';
import { NewRequestsBadge } from './new-requests.tsx';
import { ADMIN_NAV, adminHref } from './nav-items.ts';

interface AdminNavProps {
  id: string;
  open: boolean;
  onNavigate(): void;
}

/** The side navigation; on small screens it folds behind the header's menu toggle. */
export function AdminNav({ id, open, onNavigate }: AdminNavProps) {
  return (
    <nav id={id} className="admin-nav" aria-label="Navigation de l'administration" data-open={open}>
      {ADMIN_NAV.map((group) => (
        <div key={group.label} className="admin-nav__group">
          <h2 className="admin-nav__title">{group.label}</h2>
          <ul>
            {group.items.map((item) => (
              <li key={item.path}>
                {/* `end` keeps "Gestion des sections" from staying active on every /admin/x. */}
                <NavLink to={adminHref(item)} end={!item.badge} onClick={onNavigate}>
                  {item.label}
                  {item.badge === 'new-requests' && <NewRequestsBadge />}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <BackupStatusLine />
    </nav>
  );
}
