import { useId, useRef, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { AdminHeader } from './admin-header.tsx';
import { MAIN_ID } from './main-id.ts';
import { AdminNav } from './admin-nav.tsx';
import { UnsavedChangesGuard } from '../unsaved/unsaved-changes-guard.tsx';
import { LiveRequests } from '../requests/index.ts';
import { AdminNotices } from '../notices/index.ts';

/** The frame of every admin page: header, side navigation and the current panel. */
export function AdminShell() {
  const [navOpen, setNavOpen] = useState(false);
  const navId = useId();
  const main = useRef<HTMLElement>(null);
  // On a phone the menu hides once a page is chosen, with the focus on its link: the focus goes
  // to the page instead of being lost.
  const onNavigate = () => {
    if (!navOpen) return;
    setNavOpen(false);
    requestAnimationFrame(() => main.current?.focus());
  };

  return (
    <div className="admin-shell">
      <AdminHeader
        navId={navId}
        navOpen={navOpen}
        onToggleNav={() => setNavOpen((open) => !open)}
      />
      <div className="admin-shell__body">
        <AdminNav id={navId} open={navOpen} onNavigate={onNavigate} />
        <main ref={main} className="admin-main" id={MAIN_ID} tabIndex={-1}>
          <AdminNotices />
          <Outlet />
        </main>
      </div>
      <UnsavedChangesGuard />
      <LiveRequests />
    </div>
  );
}
