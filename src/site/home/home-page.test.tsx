import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticPathRouter } from '../../app/public-router.tsx';
import { describe, expect, it } from 'vitest';
import { contentKeys } from '../../content/api.ts';
import type { SiteContent } from '../../content/content.ts';
import { DEFAULT_CONTENT } from '../../content/defaults.ts';
import { HomePage } from './home-page.tsx';

/** The home page as a server renders it (no window, no storage, no timer) from given content. */
function renderHome(change: (content: SiteContent) => void = () => {}): string {
  const content = structuredClone(DEFAULT_CONTENT) as SiteContent;
  change(content);
  const client = new QueryClient();
  client.setQueryData(contentKeys.all, content);
  return renderToString(
    <QueryClientProvider client={client}>
      <StaticPathRouter path="/">
        <HomePage />
      </StaticPathRouter>
    </QueryClientProvider>,
  );
}

describe('HomePage on the server', () => {
  it('renders every section, the calculator empty state and the footer without a browser', () => {
    const html = renderHome();
    expect(html).toContain('Entrez un montant valide pour voir le calcul');
    expect(html).toContain('placeholder="Entrez un montant entre 50€ et 2000€"');
    expect(html).toContain('data-scrolled="false"');
    expect(html).toContain('Mettre en pause');
    expect(html).toContain(`© <!-- -->${new Date().getFullYear()}`);
    expect(html.match(/<h1[ >]/g)).toHaveLength(1);
  });

  it('renders an active alert, and leaves the pop-up to the browser', () => {
    const html = renderHome((content) => {
      content.alert = { active: true, message: 'Fermé lundi', type: 'warning', permanent: false };
      content.modal = { active: true, title: 'Info', message: 'Nouveaux horaires' };
    });
    expect(html).toContain('alert-banner--warning');
    expect(html).toContain('Fermé lundi');
    // Whether this visitor closed the pop-up is known only to the browser's storage.
    expect(html).not.toContain('role="dialog"');
  });
});
