import { useId, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { checklist, type ChecklistItem } from '../../content/checklist.ts';
import { contentKeys } from '../../content/api.ts';
import type { SiteContent } from '../../content/content.ts';
import { useSupabase } from '../client/client-context.tsx';
import { contentEditor } from '../shell/admin-routes.ts';
import { useLiveTable } from '../realtime/use-live-table.ts';
import { fieldHref } from './field-address.ts';
import { SETUP_PATH } from '../garage-setup/index.ts';
import './to-complete.css';

const ANCHOR = 'a-completer';

/**
 * One line above the sections' list while something is missing, leading to « À compléter » below
 * it: the list itself would push the sections off the screen.
 */
export function ToCompleteSummary({ content }: { content: SiteContent }) {
  const items = useMemo(() => checklist(content), [content]);
  if (items.length === 0) return null;
  const legal = items.filter((item) => item.legal).length;
  const parts = [
    legal > 0 &&
      `${legal} mention${legal > 1 ? 's' : ''} légale${legal > 1 ? 's' : ''} obligatoire${legal > 1 ? 's' : ''}`,
    items.length > legal &&
      `${items.length - legal} exemple${items.length - legal > 1 ? 's' : ''} à remplacer`,
  ].filter(Boolean);
  return (
    <p
      className={
        legal > 0 ? 'to-complete__summary to-complete__summary--legal' : 'to-complete__summary'
      }
    >
      Le site n&apos;est pas complet : {parts.join(' et ')}.{' '}
      <a href={`#${ANCHOR}`}>Voir « À compléter »</a>
    </p>
  );
}

function ItemLine({ item }: { item: ChecklistItem }) {
  const href = fieldHref(item.type, item.path);
  const where = contentEditor(item.type)?.title;
  const text = (
    <>
      <span className="to-complete__field">{item.label}</span>
      {where && <span className="to-complete__where"> ({where})</span>}
      <span className="to-complete__problem"> : {item.problem}</span>
      {item.legal && <span className="to-complete__legal"> Obligatoire (mention légale)</span>}
    </>
  );
  return (
    <li className={item.legal ? 'to-complete__item to-complete__item--legal' : 'to-complete__item'}>
      {href ? <Link to={href}>{text}</Link> : text}
    </li>
  );
}

/**
 * « À compléter » on the back-office home: what the law still asks for and what is still an
 * example, computed from the stored content (docs/decisions/064-to-complete.md). A save, here or
 * in another tab, reads the content again and the list follows.
 */
export function ToComplete({
  content,
  guide = true,
}: {
  content: SiteContent;
  /** Offers « Mon garage », the guided setup, to fill the list step by step. */
  guide?: boolean;
}) {
  const queryClient = useQueryClient();
  const client = useSupabase();
  useLiveTable(client, 'site_content', () => {
    void queryClient.invalidateQueries({ queryKey: contentKeys.all });
  });
  const items = useMemo(() => checklist(content), [content]);
  const titleId = useId();
  return (
    <section
      id={ANCHOR}
      className="sections-panel__block to-complete"
      aria-labelledby={titleId}
      tabIndex={-1}
    >
      <h2 id={titleId}>À compléter</h2>
      {items.length === 0 ? (
        <p>Tout est complet.</p>
      ) : (
        <>
          <p className="to-complete__intro">
            Ces informations manquent ou sont encore les exemples fournis avec le site. Les mentions
            légales sont obligatoires : remplissez-les avant de mettre le site en ligne. Un clic
            ouvre le champ à remplir.
          </p>
          {guide && (
            <p className="to-complete__guide">
              Ou laissez-vous guider, étape par étape :{' '}
              <Link to={SETUP_PATH}>Configurer mon garage</Link>
            </p>
          )}
          <ul className="to-complete__list">
            {items.map((item) => (
              <ItemLine key={item.key} item={item} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
