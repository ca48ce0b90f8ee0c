// @vitest-environment happy-dom
import { act } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, unmount } from '../editor/dom-test-utils.ts';

// ECharts needs a real canvas: the browser tests draw it; here the chart is a stand-in.
vi.mock('./stats-chart.tsx', () => ({
  StatsChart: ({ rows }: { rows: unknown[] }) => <div role="img" data-bars={rows.length} />,
}));

const { StatsPage } = await import('./stats-page.tsx');

type Result = { data: unknown; error: unknown };

/** The requests of each period's buckets (get_request_stats), by unit. */
const REQUESTS: Record<string, Result> = {
  day: {
    data: [
      { period: '2026-11-22', requests: '2' },
      { period: '2026-11-21', requests: 0 },
      { period: '2026-11-20', requests: 1 },
    ],
    error: null,
  },
  week: { data: [{ period: '2026-S47', requests: 3 }], error: null },
  month: { data: [], error: null },
  year: { data: [], error: null },
};

function fakeClient(answer: (fn: string) => Result | Promise<Result>) {
  const calls: string[] = [];
  const client = {
    rpc: (fn: string, args?: { unit?: string }) => {
      if (fn === 'get_request_stats') return Promise.resolve(REQUESTS[args!.unit!]!);
      expect(args).toBeUndefined();
      calls.push(fn);
      return Promise.resolve(answer(fn));
    },
  } as unknown as SupabaseClient;
  return { client, calls };
}

let container: HTMLElement;
/** Lets the query settle: a few macrotasks, and more while the spinner still shows (a loaded machine). */
const flush = () =>
  act(async () => {
    for (let tick = 0; tick < 2; tick++)
      await new Promise<void>((resolve) => setTimeout(resolve, 0));
    await vi.waitFor(() => expect(container.querySelector('.spinner')).toBeNull(), {
      timeout: 5_000,
    });
  });
const cardValue = (label: string) =>
  [...container.querySelectorAll('.stats__card')]
    .find((card) => card.querySelector('.stats__card-label')?.textContent === label)
    ?.querySelector('.stats__card-value')?.textContent;

async function mount(client: SupabaseClient | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  container = await render(
    <QueryClientProvider client={queryClient}>
      <StatsPage client={client} />
    </QueryClientProvider>,
  );
}

async function choose(value: string) {
  const select = container.querySelector('select')!;
  await act(async () => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

afterEach(unmount);

const ROWS: Record<string, Result> = {
  get_daily_stats: {
    data: [
      { period: '2026-11-22', visits: '4' },
      { period: '2026-11-21', visits: 0 },
      { period: '2026-11-20', visits: '3' },
    ],
    error: null,
  },
  get_weekly_stats: {
    data: [
      { period: '2026-S47', visits: 10 },
      { period: '2026-S46', visits: 5 },
    ],
    error: null,
  },
  get_monthly_stats: { data: [], error: null },
  get_yearly_stats: { data: null, error: { message: 'refusé' } },
};

describe('StatsPage', () => {
  it('shows a spinner, then the cards, caption and table of the daily statistics', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { client, calls } = fakeClient(async (fn) => {
      await held;
      return ROWS[fn]!;
    });
    await mount(client);
    expect(container.querySelector('.spinner')).not.toBeNull();
    expect(container.querySelector('[role="status"]')?.textContent).toContain('Chargement');
    release();
    await flush();

    expect(calls).toEqual(['get_daily_stats']);
    expect(cardValue('Total des visites')).toBe('7');
    // 7 visits over 3 days, with its decimal, French style.
    expect(cardValue('Moyenne par période')).toBe('2,3');
    expect(cardValue('Dernière période')).toBe('4');
    expect(cardValue('Demandes reçues')).toBe('3');
    expect(container.textContent).toContain('Évolution des visites');
    expect(container.textContent).toContain('Derniers 30 jours');
    expect(container.querySelector('[role="img"]')?.getAttribute('data-bars')).toBe('3');
    const cells = [...container.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.children].map((cell) => cell.textContent),
    );
    expect(cells).toEqual([
      ['22 nov. 2026', '4', '2'],
      ['21 nov. 2026', '0', '0'],
      ['20 nov. 2026', '3', '1'],
    ]);
  });

  it('fetches again on every period change, with its caption', async () => {
    const { client, calls } = fakeClient((fn) => ROWS[fn]!);
    await mount(client);
    await flush();
    await choose('weekly');
    await flush();
    expect(container.textContent).toContain('12 dernières semaines');
    expect(container.querySelector('tbody th')?.textContent).toBe('Semaine 47 (2026)');
    expect(cardValue('Moyenne par période')).toBe('7,5');
    // A period without requests counts 0 beside its visits.
    expect(
      [...container.querySelectorAll('tbody tr')].map((tr) => tr.lastElementChild?.textContent),
    ).toEqual(['3', '0']);

    await choose('monthly');
    await flush();
    expect(container.textContent).toContain('12 derniers mois');
    expect(cardValue('Total des visites')).toBe('0');
    expect(cardValue('Dernière période')).toBe('0');

    await choose('daily');
    await flush();
    expect(calls).toEqual([
      'get_daily_stats',
      'get_weekly_stats',
      'get_monthly_stats',
      'get_daily_stats',
    ]);
  });

  it('shows the red error when the call fails', async () => {
    const { client } = fakeClient((fn) => ROWS[fn]!);
    await mount(client);
    await flush();
    await choose('yearly');
    await flush();
    const alert = container.querySelector('[role="alert"]');
    expect(alert?.textContent).toBe('Erreur lors du chargement des statistiques');
    expect(alert?.className).toBe('stats__error');
    expect(container.querySelector('table')).toBeNull();
  });

  it('shows the yellow notice without a backend', async () => {
    await mount(null);
    expect(container.textContent).toContain(
      "Configuration Supabase manquante. Veuillez vérifier vos variables d'environnement.",
    );
  });
});
