import { useId, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { AdminHeader } from './admin-header.tsx';
import { AdminNav } from './admin-nav.tsx';
import { UnsavedChangesGuard } from '../unsaved/unsaved-changes-guard.tsx';
import { LiveRequests } from '../requests/index.ts';
import { AdminNotices } from '../notices/index.ts';

/** The frame of every admin page: header, side navigation and the current panel. */
export function AdminShell() {
  const [navOpen, setNavOpen] = useState(false);
  const navId = useId();

  return (
    <div className="admin-shell">
      <AdminHeader
        navId={navId}
        navOpen={navOpen}
        onToggleNav={() => setNavOpen((open) => !open)}
      />
      <div className="admin-shell__body">
        <AdminNav id={navId} open={navOpen} onNavigate={() => setNavOpen(false)} />
        <main className="admin-main" id="contenu" tabIndex={-1}>
          <AdminNotices />
          <Outlet />
        </main>
      </div>
      <UnsavedChangesGuard />
      <LiveRequests />
    </div>
  );
}
