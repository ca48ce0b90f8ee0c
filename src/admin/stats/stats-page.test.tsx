// @vitest-environment happy-dom
import { act } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPageServer, type PageServer } from '../../../tests/helpers/page-server.ts';
import {
  awayFromParisMidnight,
  parisBuckets,
  type Bucket,
  type Unit,
} from '../../../tests/helpers/paris-time.ts';
import { render, unmount, until } from '../editor/dom-test-utils.ts';

// ECharts needs a real canvas: the browser tests draw it; here the chart is a stand-in.
vi.mock('./stats-chart.tsx', () => ({
  StatsChart: ({ rows }: { rows: unknown[] }) => <div role="img" data-bars={rows.length} />,
}));

const { StatsPage } = await import('./stats-page.tsx');

// The page against the real server: visits and requests are stored, the statistics functions
// bucket them, and the page shows what they answer.

/** How many visits and requests each of the last days holds (index 0: today, Paris time). */
const VISITS_BY_DAY = [4, 0, 3];
const REQUESTS_BY_DAY = [2, 0, 1];

let server: PageServer;
let admin: SupabaseClient;
let days: Bucket[];
/** The instants stored: one visit, or one request, 30 s into its day. */
const visitTimes: Date[] = [];
const requestTimes: Date[] = [];

beforeAll(async () => {
  server = await startPageServer();
  admin = await server.admin();
  // "Today" must last through the file.
  await awayFromParisMidnight();
  days = parisBuckets('day', VISITS_BY_DAY.length);
  days.forEach((day, i) => {
    const at = new Date(day.start.getTime() + 30_000);
    for (let n = 0; n < VISITS_BY_DAY[i]!; n++) visitTimes.push(at);
    for (let n = 0; n < REQUESTS_BY_DAY[i]!; n++) requestTimes.push(at);
  });
  const service = server.service();
  const visits = await service
    .from('visits')
    .insert(visitTimes.map((at) => ({ page: 'home', visited_at: at.toISOString() })));
  const requests = await service.from('requests').insert(
    requestTimes.map((at) => ({
      created_at: at.toISOString(),
      name: 'Jean Client',
      phone: '0612345678',
      vehicle_make: 'Renault',
      vehicle_model: 'Clio',
      vehicle_year: 2015,
      service: 'Vidange',
      consent: true,
    })),
  );
  expect([visits.error, requests.error]).toEqual([null, null]);
});
afterAll(async () => {
  await server?.close();
});

let container: HTMLElement;
/** Waits until the statistics settled: the spinner gone. */
const settled = () => until(() => expect(container.querySelector('.spinner')).toBeNull());
const cardValue = (label: string) =>
  [...container.querySelectorAll('.stats__card')]
    .find((card) => card.querySelector('.stats__card-label')?.textContent === label)
    ?.querySelector('.stats__card-value')?.textContent;
/** The visits' table: the first of the page (the requests' sources follow it). */
const rows = () =>
  [...(container.querySelector('.stats__table tbody')?.querySelectorAll('tr') ?? [])].map((tr) =>
    [...tr.children].map((cell) => cell.textContent),
  );

async function mount(client: SupabaseClient | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  container = await render(
    <QueryClientProvider client={queryClient}>
      <StatsPage />
    </QueryClientProvider>,
    client,
  );
}

async function choose(value: string) {
  const select = container.querySelector('select')!;
  await act(async () => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

/** How many of `times` fall in `bucket`. */
const within = (times: Date[], bucket: Bucket) =>
  times.filter((t) => t >= bucket.start && t < bucket.end).length;

/** What the owner reads in the table, counted from what was stored, for the `count` newest periods. */
function expectedRows(unit: Unit, count: number, label: (bucket: Bucket) => string) {
  return parisBuckets(unit, count).map((bucket) => [
    label(bucket),
    String(within(visitTimes, bucket)),
    String(within(requestTimes, bucket)),
  ]);
}

const FRENCH_DAY = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Europe/Paris',
});
const FRENCH_MONTH = new Intl.DateTimeFormat('fr-FR', {
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Paris',
});
const oneDecimal = (n: number) =>
  new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n);

afterEach(unmount);

describe('StatsPage', () => {
  it('shows a spinner, then the cards, caption and table of the daily statistics', async () => {
    await mount(admin);
    expect(container.querySelector('.spinner')).not.toBeNull();
    expect(container.querySelector('[role="status"]')?.textContent).toContain('Chargement');
    await settled();

    const total = VISITS_BY_DAY.reduce((a, b) => a + b, 0);
    expect(cardValue('Total des visites')).toBe(String(total));
    // Thirty days, each shown, even those without a visit.
    expect(rows()).toHaveLength(30);
    expect(cardValue('Moyenne par période')).toBe(oneDecimal(Math.round((total * 10) / 30) / 10));
    expect(cardValue('Dernière période')).toBe(String(VISITS_BY_DAY[0]));
    expect(cardValue('Demandes reçues')).toBe(String(REQUESTS_BY_DAY.reduce((a, b) => a + b, 0)));
    expect(container.textContent).toContain('Évolution des visites');
    expect(container.textContent).toContain('Derniers 30 jours');
    expect(container.querySelector('[role="img"]')?.getAttribute('data-bars')).toBe('30');
    expect(rows().slice(0, 3)).toEqual(
      days.map((day, i) => [
        FRENCH_DAY.format(day.start),
        String(VISITS_BY_DAY[i]),
        String(REQUESTS_BY_DAY[i]),
      ]),
    );
  });

  it('fetches again on every period change, with its caption', async () => {
    await mount(admin);
    await settled();
    await choose('weekly');
    await settled();
    expect(container.textContent).toContain('12 dernières semaines');
    expect(rows()).toEqual(
      expectedRows('week', 12, (week) => {
        const [year, number] = week.label.split('-S');
        return `Semaine ${Number(number)} (${year})`;
      }),
    );

    await choose('monthly');
    await settled();
    expect(container.textContent).toContain('12 derniers mois');
    expect(rows()).toEqual(expectedRows('month', 12, (month) => FRENCH_MONTH.format(month.start)));
    expect(cardValue('Total des visites')).toBe(String(visitTimes.length));

    // Visits arriving meanwhile show on the next change.
    const more = await server
      .service()
      .from('visits')
      .insert({ page: 'blog', visited_at: new Date().toISOString() });
    expect(more.error).toBeNull();
    visitTimes.push(new Date());
    await choose('daily');
    await settled();
    expect(cardValue('Dernière période')).toBe(String(VISITS_BY_DAY[0]! + 1));
  });

  it('shows the red error when the statistics are refused to a user who is not an administrator', async () => {
    await mount(await server.member());
    await settled();
    const alert = container.querySelector('[role="alert"]');
    expect(alert?.textContent).toBe('Erreur lors du chargement des statistiques');
    expect(alert?.classList).toContain('message--error');
    expect(container.querySelector('table')).toBeNull();
  });

  it('shows the red error when the session was ended on another device', async () => {
    const owner = await server.admin();
    await mount(owner);
    await settled();
    expect(container.querySelector('table')).not.toBeNull();
    // « Déconnecter partout » from another device ends this session too.
    const other = await server.admin();
    expect((await other.auth.signOut({ scope: 'global' })).error).toBeNull();
    await choose('yearly');
    await settled();
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(
      'Erreur lors du chargement des statistiques',
    );
    expect(container.querySelector('table')).toBeNull();
  });

  it('shows the yellow notice without a backend', async () => {
    await mount(null);
    expect(container.textContent).toContain(
      "Configuration Supabase manquante. Veuillez vérifier vos variables d'environnement.",
    );
  });
});
