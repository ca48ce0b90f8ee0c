import { describe, expect, it } from 'vitest';
import { sourceTable } from './request-sources-model.ts';

describe('sourceTable', () => {
  it('puts each period’s requests per source beside its visits, only the sources seen', () => {
    const stats = [
      { period: '2026-11-27', visits: 40, requests: 3 },
      { period: '2026-11-26', visits: 12, requests: 0 },
    ];
    const table = sourceTable(stats, [
      { period: '2026-11-27', source: 'google_maps', requests: '2' },
      { period: '2026-11-27', source: 'inconnue', requests: 1 },
      { period: '2026-11-25', source: 'direct', requests: 4 },
    ]);
    expect(table.columns.map((c) => c.label)).toEqual([
      'Google Maps / fiche Google',
      'Accès direct',
      'Inconnue',
    ]);
    expect(table.rows).toEqual([
      { period: '2026-11-27', visits: 40, counts: [2, 0, 1] },
      { period: '2026-11-26', visits: 12, counts: [0, 0, 0] },
    ]);
  });
});
