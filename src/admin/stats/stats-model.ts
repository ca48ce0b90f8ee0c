import {
  formatCalendarMonth,
  formatShortCalendarDay,
  formatShortCalendarMonth,
} from '../../lib/dates-paris.ts';

export type StatsPeriod = 'daily' | 'weekly' | 'monthly' | 'yearly';

interface PeriodInfo {
  label: string;
  rpc: 'get_daily_stats' | 'get_weekly_stats' | 'get_monthly_stats' | 'get_yearly_stats';
  /** get_request_stats's unit: the same buckets, for the requests. */
  unit: 'day' | 'week' | 'month' | 'year';
  caption: string;
}

/** The selector's labels, the procedures each calls, the chart's caption. */
export const PERIODS: Record<StatsPeriod, PeriodInfo> = {
  daily: { label: 'Journalier', rpc: 'get_daily_stats', unit: 'day', caption: 'Derniers 30 jours' },
  weekly: {
    label: 'Hebdomadaire',
    rpc: 'get_weekly_stats',
    unit: 'week',
    caption: '12 dernières semaines',
  },
  monthly: {
    label: 'Mensuel',
    rpc: 'get_monthly_stats',
    unit: 'month',
    caption: '12 derniers mois',
  },
  yearly: { label: 'Annuel', rpc: 'get_yearly_stats', unit: 'year', caption: '5 dernières années' },
};

export const PERIOD_ORDER: readonly StatsPeriod[] = ['daily', 'weekly', 'monthly', 'yearly'];

export const STATS_ERROR = 'Erreur lors du chargement des statistiques';

/** A row as the procedures return it (visits a number or a numeric string). */
export interface RawStatRow {
  period: string;
  visits: number | string | null;
}

/** A row of get_request_stats (requests a number or a numeric string). */
export interface RawRequestRow {
  period: string;
  requests: number | string | null;
}

export interface StatRow {
  period: string;
  visits: number;
  /** The quote and appointment requests received in the period. */
  requests: number;
}

const count = (value: number | string | null | undefined) => {
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
};

/** The visits' rows, each with the requests of the same period (0 when none came). */
export function normalizeRows(
  rows: readonly RawStatRow[] | null | undefined,
  requestRows: readonly RawRequestRow[] | null | undefined = [],
): StatRow[] {
  const requests = new Map((requestRows ?? []).map((row) => [String(row.period), row.requests]));
  return (rows ?? []).map((row) => ({
    period: String(row.period),
    visits: count(row.visits),
    requests: count(requests.get(String(row.period))),
  }));
}

export interface StatCards {
  total: number;
  /** The requests over all the periods shown. */
  requests: number;
  /** The total over the number of periods, to one decimal (10 visits in 30 days: 0.3). */
  average: number;
  /** The visits of the first row returned (the newest period), 0 if none. */
  last: number;
}

export function statCards(rows: readonly StatRow[]): StatCards {
  const total = rows.reduce((sum, row) => sum + row.visits, 0);
  return {
    total,
    requests: rows.reduce((sum, row) => sum + row.requests, 0),
    average: rows.length ? Math.round((total * 10) / rows.length) / 10 : 0,
    last: rows[0]?.visits ?? 0,
  };
}

/**
 * A period label in French (docs/decisions/014-visits-and-statistics.md gives the raw forms):
 * '2026-11-22' → '22 nov. 2026', '2026-S47' → 'Semaine 47 (2026)', '2026-11' → 'novembre 2026',
 * '2026' → '2026'.
 * An unexpected label is shown as it came.
 */
export function periodLabel(period: string): string {
  const week = /^(\d{4})-S(\d{1,2})$/.exec(period);
  if (week) return `Semaine ${Number(week[2])} (${week[1]})`;
  return formatShortCalendarDay(period) || formatCalendarMonth(period) || period;
}

/** The chart's shorter axis label: '22/11', 'S47', 'nov. 2026', '2026'. */
export function axisLabel(period: string): string {
  const day = /^\d{4}-(\d{2})-(\d{2})$/.exec(period);
  if (day) return `${day[2]}/${day[1]}`;
  const week = /^\d{4}-S(\d{1,2})$/.exec(period);
  if (week) return `S${week[1]}`;
  if (/^\d{4}-\d{2}$/.test(period)) return formatShortCalendarMonth(period);
  return period;
}

const NUMBER = new Intl.NumberFormat('fr-FR');
const ONE_DECIMAL = new Intl.NumberFormat('fr-FR', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

export function formatCount(value: number): string {
  return NUMBER.format(value);
}

/** An average with its decimal, French style: '0,3', '2,0', '1 234,5'. */
export function formatAverage(value: number): string {
  return ONE_DECIMAL.format(value);
}

/** The rows oldest first, as the chart reads left to right. */
export function chronological(rows: readonly StatRow[]): StatRow[] {
  return [...rows].reverse();
}

/** The chart's text alternative: what a sighted owner reads from the bars. */
export function chartSummary(period: StatsPeriod, rows: readonly StatRow[]): string {
  const { caption } = PERIODS[period];
  if (!rows.length) return `Évolution des visites, ${caption} : aucune donnée.`;
  const { total } = statCards(rows);
  const peak = rows.reduce((best, row) => (row.visits > best.visits ? row : best), rows[0]!);
  const oldest = rows[rows.length - 1]!;
  const newest = rows[0]!;
  return (
    `Évolution des visites, ${caption}, de ${periodLabel(oldest.period)} à ${periodLabel(newest.period)} : ` +
    `${formatCount(total)} visites au total, maximum ${formatCount(peak.visits)} (${periodLabel(peak.period)}). ` +
    'Le détail figure dans le tableau ci-dessous.'
  );
}
