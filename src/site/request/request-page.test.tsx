import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StaticPathRouter } from '../../app/public-router.tsx';
import { contentKeys } from '../../content/api.ts';
import type { SiteContent } from '../../content/content.ts';
import { DEFAULT_CONTENT } from '../../content/defaults.ts';
import { freshFormState, requestFormKeys, type RequestFormState } from './request-form-model.ts';
import { SENT_TEXT } from './request-messages.ts';
import { REQUEST_FORM_PATH, REQUEST_PAGE_HEADING } from './request-route.ts';
import { RequestPage } from './request-page.tsx';

/** The page as the server renders it, in a given state of the form. */
function renderPage(state: RequestFormState, content = DEFAULT_CONTENT as SiteContent): string {
  const client = new QueryClient();
  client.setQueryData(contentKeys.all, content);
  client.setQueryData(requestFormKeys.state, state);
  return renderToString(
    <QueryClientProvider client={client}>
      <StaticPathRouter path={REQUEST_FORM_PATH}>
        <RequestPage />
      </StaticPathRouter>
    </QueryClientProvider>,
  );
}

describe('the request page', () => {
  it('offers the services the home page shows, then « Autre »', () => {
    const content = structuredClone(DEFAULT_CONTENT) as SiteContent;
    content.services.servicesList = ['Vidange', 'Carrosserie'];
    const html = renderPage(freshFormState(1), content);
    expect(html).toContain(`<h1>${REQUEST_PAGE_HEADING}</h1>`);
    const options = [...html.matchAll(/<option value="([^"]*)"/g)].map((m) => m[1]);
    expect(options.slice(0, 4)).toEqual(['', 'Vidange', 'Carrosserie', 'Autre']);
    expect(html).not.toContain('role="alert"');
  });

  it('ties each problem to its field and lists them all at the top', () => {
    const state = freshFormState(1);
    state.values.name = 'Camille';
    state.problems = [
      { field: 'phone', message: 'Indiquez un téléphone ou un e-mail.' },
      { field: null, message: 'Réessayez plus tard.' },
    ];
    const html = renderPage(state);
    expect(html).toMatch(/<title>Erreur : /);
    expect(html).toContain('2 points sont à corriger');
    expect(html).toContain('<a href="#demande-phone">Indiquez un téléphone ou un e-mail.</a>');
    expect(html).toContain('<li>Réessayez plus tard.</li>');
    expect(html).toMatch(
      /id="demande-phone" aria-invalid="true" aria-describedby="demande-phone-erreur"/,
    );
    expect(html).toMatch(/id="demande-name"[^>]*value="Camille"/);
  });

  it('shows the confirmation in place of the form once sent', () => {
    const html = renderPage({ ...freshFormState(1), sent: true });
    expect(html).toContain(SENT_TEXT);
    expect(html).toMatch(/class="request-sent" role="status" tabindex="-1"/);
    expect(html).not.toContain('<form');
  });
});
