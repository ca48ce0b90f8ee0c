import { useSiteContent } from '../../content/api.ts';
import { closureNotice, closureOn } from '../../lib/hours/schedule.ts';
import { useParisToday } from './use-paris-today.ts';

/**
 * « Le garage est fermé du 10 au 24 août (Congés d'été). » at the top of every public page while
 * a closure the owner declared is in force, from its first day to its last in Paris; nothing
 * otherwise. The server's page cache never keeps a page past a Paris midnight, so a cached page
 * starts and stops showing it on time (docs/decisions/058-opening-hours.md).
 */
export function ClosureNotice() {
  const { content } = useSiteContent();
  const today = useParisToday();
  const closure = today === null ? null : closureOn(content.hours, today);
  if (!closure) return null;
  return (
    <div className="closure-notice" role="note">
      <p>{closureNotice(closure)}</p>
    </div>
  );
}
