import { describe, expect, it } from 'vitest';
import {
  axisLabel,
  chartSummary,
  chronological,
  formatAverage,
  normalizeRows,
  periodLabel,
  PERIODS,
  statCards,
} from './stats-model.ts';

describe('stat cards', () => {
  it('sums, keeps one decimal of the average and takes the first row as the last period', () => {
    const rows = normalizeRows([
      { period: '2026-11-22', visits: 5 },
      { period: '2026-11-21', visits: 0 },
      { period: '2026-11-20', visits: 2 },
    ]);
    // 7 / 3 = 2.33…
    expect(statCards(rows)).toEqual({ total: 7, requests: 0, average: 2.3, last: 5 });
  });

  it('rounds the decimal half up', () => {
    const rows = normalizeRows([
      { period: '2026', visits: 1 },
      { period: '2025', visits: 0 },
      { period: '2024', visits: 0 },
      { period: '2023', visits: 0 },
    ]);
    expect(statCards(rows).average).toBe(0.3);
  });

  it('does not read 0 for 10 visits over 30 days', () => {
    const rows = normalizeRows(
      Array.from({ length: 30 }, (_, i) => ({
        period: `2026-11-${i + 1}`,
        visits: i < 10 ? 1 : 0,
      })),
    );
    expect(statCards(rows).average).toBe(0.3);
    expect(formatAverage(statCards(rows).average)).toBe('0,3');
  });

  it('reads visits given as numeric strings (bigint over JSON)', () => {
    const rows = normalizeRows([
      { period: '2026-11', visits: '12' },
      { period: '2026-10', visits: '30' },
      { period: '2026-09', visits: null },
    ]);
    expect(rows.map((row) => row.visits)).toEqual([12, 30, 0]);
    expect(statCards(rows)).toEqual({ total: 42, requests: 0, average: 14, last: 12 });
    expect(formatAverage(statCards(rows).average)).toBe('14,0');
  });

  it("puts each period's requests beside its visits, 0 where none came", () => {
    const rows = normalizeRows(
      [
        { period: '2026-11', visits: 12 },
        { period: '2026-10', visits: 30 },
      ],
      [
        { period: '2026-10', requests: '4' },
        { period: '2026-11', requests: 0 },
      ],
    );
    expect(rows).toEqual([
      { period: '2026-11', visits: 12, requests: 0 },
      { period: '2026-10', visits: 30, requests: 4 },
    ]);
    expect(statCards(rows).requests).toBe(4);
  });

  it('is all zeros without rows', () => {
    expect(statCards([])).toEqual({ total: 0, requests: 0, average: 0, last: 0 });
    expect(normalizeRows(null)).toEqual([]);
  });
});

describe('periods', () => {
  it('names the procedure and caption of each period', () => {
    expect(PERIODS.daily).toMatchObject({ rpc: 'get_daily_stats', caption: 'Derniers 30 jours' });
    expect(PERIODS.weekly).toMatchObject({
      rpc: 'get_weekly_stats',
      caption: '12 dernières semaines',
    });
    expect(PERIODS.monthly).toMatchObject({
      rpc: 'get_monthly_stats',
      caption: '12 derniers mois',
    });
    expect(PERIODS.yearly).toMatchObject({
      rpc: 'get_yearly_stats',
      caption: '5 dernières années',
    });
  });

  it('labels periods in French', () => {
    expect(periodLabel('2026-11-22')).toBe('22 nov. 2026');
    expect(periodLabel('2026-S47')).toBe('Semaine 47 (2026)');
    expect(periodLabel('2027-S01')).toBe('Semaine 1 (2027)');
    expect(periodLabel('2026-11')).toBe('novembre 2026');
    expect(periodLabel('2026')).toBe('2026');
    expect(periodLabel('autre')).toBe('autre');
    expect(axisLabel('2026-11-02')).toBe('02/11');
    expect(axisLabel('2026-S07')).toBe('S07');
    expect(axisLabel('2026-06')).toBe('juin 2026');
  });

  it('puts the oldest period first for the chart, and sums it up in words', () => {
    const rows = normalizeRows([
      { period: '2026', visits: 4 },
      { period: '2025', visits: 10 },
      { period: '2024', visits: 1 },
    ]);
    expect(chronological(rows).map((row) => row.period)).toEqual(['2024', '2025', '2026']);
    expect(rows[0]!.period).toBe('2026');
    expect(chartSummary('yearly', rows)).toBe(
      'Évolution des visites, 5 dernières années, de 2024 à 2026 : 15 visites au total, ' +
        'maximum 10 (2025). Le détail figure dans le tableau ci-dessous.',
    );
    expect(chartSummary('daily', [])).toBe(
      'Évolution des visites, Derniers 30 jours : aucune donnée.',
    );
  });
});
