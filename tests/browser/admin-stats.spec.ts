import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  awayFromParisMidnight,
  fromParis,
  parisBuckets,
  toParis,
  type Unit,
} from '../helpers/paris-time.ts';
import { useAdminSession } from './admin-session.ts';
import { axeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

/**
 * 'Statistiques de Visites' (/admin/stats) against the real server: visits seeded
 * with the service role (only the server writes them), read through the statistics procedures.
 */

const session = useAdminSession('admin-stats');

interface Period {
  option: string;
  unit: Unit;
  count: number;
  rpc: string;
  caption: string;
  /** The French label the table shows for a bucket. */
  label: (bucketLabel: string, start: Date) => string;
}

const DAY = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Europe/Paris',
});
const MONTH = new Intl.DateTimeFormat('fr-FR', {
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Paris',
});

const PERIODS: Period[] = [
  {
    option: 'Journalier',
    unit: 'day',
    count: 30,
    rpc: 'get_daily_stats',
    caption: 'Derniers 30 jours',
    label: (_, start) => DAY.format(start),
  },
  {
    option: 'Hebdomadaire',
    unit: 'week',
    count: 12,
    rpc: 'get_weekly_stats',
    caption: '12 dernières semaines',
    label: (label) => {
      const [year, week] = label.split('-S');
      return `Semaine ${Number(week)} (${year})`;
    },
  },
  {
    option: 'Mensuel',
    unit: 'month',
    count: 12,
    rpc: 'get_monthly_stats',
    caption: '12 derniers mois',
    label: (_, start) => MONTH.format(start),
  },
  {
    option: 'Annuel',
    unit: 'year',
    count: 5,
    rpc: 'get_yearly_stats',
    caption: '5 dernières années',
    label: (label) => label,
  },
];

const NUMBER = new Intl.NumberFormat('fr-FR');
const ONE_DECIMAL = new Intl.NumberFormat('fr-FR', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** The visits the procedure already counts (other spec files' visits), by period label. */
async function baseline(db: SupabaseClient, rpc: string): Promise<Map<string, number>> {
  const { data, error } = await db.rpc(rpc);
  if (error) throw error;
  return new Map(
    (data as { period: string; visits: number | string }[]).map((row) => [
      row.period,
      Number(row.visits),
    ]),
  );
}

/** Seeded visit times: several days, weeks, months and years back, in Paris time. */
function seededInstants(now: Date): Date[] {
  const t = toParis(now);
  const at = (days: number, times: number) =>
    Array.from({ length: times }, (_, i) => fromParis(t.y, t.m, t.d - days, 0, 0, 30 + i));
  return [
    ...at(0, 3), // today
    ...at(1, 2), // yesterday
    ...at(29, 4), // the oldest day shown
    ...at(40, 5),
    ...at(200, 6),
    ...at(3 * 365 + 10, 7),
  ];
}

async function choosePeriod(page: Page, option: string): Promise<void> {
  await page.getByLabel('Période', { exact: true }).selectOption({ label: option });
}

/** The rows of the visits and requests per period (the requests per source have a table of their own). */
const periodRows = (page: Page) =>
  page.getByRole('table', { name: /^Visites et demandes par période/ }).locator('tbody tr');

test.describe('Statistiques de Visites', () => {
  const page_ = `test-stats-${randomBytes(3).toString('hex')}`;

  test.afterEach(async ({ serviceDb }) => {
    const { error } = await serviceDb.from('visits').delete().eq('page', page_);
    if (error) throw error;
  });

  test('the cards, chart and table of each period on seeded visits', async ({
    page,
    adminDb,
    serviceDb,
  }) => {
    test.setTimeout(60_000);
    await awayFromParisMidnight();
    const now = new Date();
    const before = new Map<string, Map<string, number>>();
    for (const period of PERIODS) before.set(period.rpc, await baseline(adminDb, period.rpc));

    const instants = seededInstants(now);
    const { error } = await serviceDb
      .from('visits')
      .insert(instants.map((instant) => ({ page: page_, visited_at: instant.toISOString() })));
    if (error) throw error;

    const rpcCalls: string[] = [];
    page.on('request', (request) => {
      const match = /\/rest\/v1\/rpc\/(get_(?:daily|weekly|monthly|yearly)_stats)/.exec(
        request.url(),
      );
      if (match) rpcCalls.push(match[1]!);
    });

    await page.goto('/admin/stats');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Statistiques de Visites');
    await expect(page.getByLabel('Période', { exact: true })).toHaveValue('daily');

    for (const period of PERIODS) {
      await choosePeriod(page, period.option);
      const buckets = parisBuckets(period.unit, period.count, now);
      const base = before.get(period.rpc)!;
      const expected = buckets.map(
        (bucket) =>
          (base.get(bucket.label) ?? 0) +
          instants.filter((instant) => instant >= bucket.start && instant < bucket.end).length,
      );
      const total = expected.reduce((sum, visits) => sum + visits, 0);
      const seededHere = instants.filter(
        (instant) => instant >= buckets.at(-1)!.start && instant < buckets[0]!.end,
      ).length;
      expect(seededHere, `${period.option}: seeded visits in range`).toBeGreaterThan(0);

      // The table: every period, newest first, with its visits.
      const rows = periodRows(page);
      await expect(rows).toHaveCount(period.count);
      await expect(rows.locator('th')).toHaveText(
        buckets.map((bucket) => period.label(bucket.label, bucket.start)),
      );
      await expect(rows.locator('td:nth-child(2)')).toHaveText(
        expected.map((n) => NUMBER.format(n)),
      );
      await expect(
        page.getByRole('region', { name: /Visites et demandes par période/ }),
      ).toBeVisible();
      // Beside them, the requests of the same periods, as the database counts them.
      const requests = await adminDb.rpc('get_request_stats', { unit: period.unit });
      if (requests.error) throw requests.error;
      await expect(rows.locator('td:nth-child(3)')).toHaveText(
        (requests.data as { requests: number | string }[]).map((row) =>
          NUMBER.format(Number(row.requests)),
        ),
      );

      // The cards.
      const card = (label: string) =>
        page.getByRole('listitem').filter({ hasText: label }).locator('.stats__card-value');
      await expect(card('Total des visites')).toHaveText(NUMBER.format(total));
      // With one decimal, so that a few visits over many periods do not read 0.
      await expect(card('Moyenne par période')).toHaveText(
        ONE_DECIMAL.format(Math.round((total * 10) / period.count) / 10),
      );
      await expect(card('Dernière période')).toHaveText(NUMBER.format(expected[0]!));

      // The chart: its title, its range caption, a drawn canvas and its text alternative.
      const chartSection = page.getByRole('region', { name: 'Évolution des visites' });
      await expect(chartSection.getByText(period.caption, { exact: true })).toBeVisible();
      const chart = chartSection.getByRole('img');
      await expect(chart).toHaveAttribute('data-bars', String(period.count));
      await expect(chart.locator('canvas')).toBeVisible();
      const oldest = buckets.at(-1)!;
      const newest = buckets[0]!;
      await expect(chart).toHaveAccessibleName(
        new RegExp(
          `^Évolution des visites, ${period.caption}, de ${escape(period.label(oldest.label, oldest.start))} ` +
            `à ${escape(period.label(newest.label, newest.start))} : ${escape(NUMBER.format(total))} visites au total`,
        ),
      );
    }

    // Each change of period fetched that period's statistics.
    expect(rpcCalls).toEqual(PERIODS.map((period) => period.rpc));
    await choosePeriod(page, 'Journalier');
    await expect(periodRows(page)).toHaveCount(30);
    expect(rpcCalls.at(-1)).toBe('get_daily_stats');
    expect(rpcCalls).toHaveLength(5);
  });

  test('a spinner while loading, and the red error when the call fails', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/rest/v1/rpc/get_weekly_stats', async (route) => {
      await held;
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'XX000', message: 'panne', details: null, hint: null }),
      });
    });
    await page.goto('/admin/stats');
    await expect(periodRows(page)).toHaveCount(30);

    await choosePeriod(page, 'Hebdomadaire');
    await expect(
      page.getByRole('status').filter({ hasText: 'Chargement des statistiques' }),
    ).toBeAttached();
    await expect(page.locator('.stats__loading .spinner')).toBeVisible();
    release();

    const error = page
      .getByRole('alert')
      .filter({ hasText: 'Erreur lors du chargement des statistiques' });
    await expect(error).toHaveText('Erreur lors du chargement des statistiques');
    await expect(error).toHaveCSS('color', 'rgb(180, 35, 24)');
    await expect(page.getByRole('table')).toHaveCount(0);

    // Another period loads again.
    await choosePeriod(page, 'Annuel');
    await expect(periodRows(page)).toHaveCount(5);
  });

  test('has no axe violations (WCAG 2.0–2.2 A and AA)', async ({ browser }) => {
    const page = await session.newPage(browser);
    try {
      await page.goto('/admin/stats');
      await expect(periodRows(page)).toHaveCount(30);
      await expect(page.locator('.stats-chart__canvas canvas')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
