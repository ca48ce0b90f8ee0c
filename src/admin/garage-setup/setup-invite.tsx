import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { checklist, lacksLegalItem } from '../../content/checklist.ts';
import type { SiteContent } from '../../content/content.ts';
import { readProgress } from './progress.ts';
import { SETUP_PATH } from './setup-path.ts';
import './garage-setup.css';

/**
 * The back-office home's first offer on a new site: « Configurer mon garage », while the law still
 * lacks an item or the guided setup was never taken to its end in this browser.
 */
export function SetupInvite({ content }: { content: SiteContent }) {
  const legal = useMemo(() => lacksLegalItem(checklist(content)), [content]);
  const [finished] = useState(() => readProgress().finished);
  if (!legal && finished) return null;
  return (
    <div className="setup-invite">
      <p className="setup-invite__text">
        {legal
          ? 'Votre site ne peut pas encore être mis en ligne : des mentions obligatoires manquent. Laissez-vous guider, quelques écrans suffisent.'
          : 'Vérifiez en quelques écrans ce que vos visiteurs verront : coordonnées, horaires, services, photos et couleurs.'}
      </p>
      <Link className="button" to={SETUP_PATH}>
        Configurer mon garage
      </Link>
    </div>
  );
}
