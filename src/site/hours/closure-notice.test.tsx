import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StaticPathRouter } from '../../app/public-router.tsx';
import { contentKeys } from '../../content/api.ts';
import type { SiteContent } from '../../content/content.ts';
import { DEFAULT_CONTENT } from '../../content/defaults.ts';
import { HoursSection } from '../sections/hours-section.tsx';
import { ClosureNotice } from './closure-notice.tsx';
import { parisTodayKey } from './use-paris-today.ts';

const content = structuredClone(DEFAULT_CONTENT) as SiteContent;
content.hours.closures = [{ from: '2027-08-10', to: '2027-08-24' }];

/** The notice and the section as a server renders them for `day` (null: a prerendered page). */
function render(day?: string | null): string {
  const client = new QueryClient();
  client.setQueryData(contentKeys.all, content);
  if (day !== undefined) client.setQueryData(parisTodayKey, day);
  return renderToString(
    <QueryClientProvider client={client}>
      <StaticPathRouter path="/">
        <ClosureNotice />
        <HoursSection content={content.hours} />
      </StaticPathRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the closure notice and the hours section', () => {
  it('show the closure on the day the server rendered the page for', () => {
    const html = render('2027-08-12');
    expect(html).toContain('<p>Le garage est fermé du 10 au 24 août.</p>');
    expect(html).toContain('<li>Fermé du 10 au 24 août</li>');
    expect(render('2027-08-25')).not.toContain('Le garage est fermé');
  });

  it('say nothing dated on a prerendered page, whose reading day is unknown', () => {
    const html = render(null);
    expect(html).not.toContain('Le garage est fermé');
    expect(html).not.toContain('Fermé du 10 au 24 août');
    expect(html).toContain('9h00 - 13h00 et 14h00 - 18h00');
  });

  it('use the browser’s own Paris day when no server rendered the page', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 00:30 on 10 August in Paris, still 9 August in UTC.
    vi.setSystemTime(new Date('2027-08-09T22:30:00Z'));
    expect(render()).toContain('Le garage est fermé du 10 au 24 août.');
  });
});
