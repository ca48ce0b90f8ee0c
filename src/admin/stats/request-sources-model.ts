import { REQUEST_SOURCES, SOURCE_LABELS, type RequestSource } from '../../lib/request-source.ts';
import type { StatRow } from './stats-model.ts';

/** A row of get_request_sources: one period's requests from one source (only those it has). */
export interface RawSourceRow {
  period: string;
  source: string;
  requests: number | string;
}

export type SourceColumn = RequestSource | 'inconnue';

const ORDER: readonly SourceColumn[] = [...REQUEST_SOURCES, 'inconnue'];

export interface SourceTable {
  /** The sources that brought at least one request in the periods shown, in a fixed order. */
  columns: { source: SourceColumn; label: string }[];
  /** Every period of the visits, newest first, with its visits and requests per source. */
  rows: { period: string; visits: number; counts: number[] }[];
}

/** The visits' periods, each with its requests per source (0 where none came). */
export function sourceTable(stats: readonly StatRow[], raw: readonly RawSourceRow[]): SourceTable {
  const counts = new Map<string, number>();
  for (const row of raw) counts.set(`${row.period} ${row.source}`, Number(row.requests) || 0);
  const present = new Set(raw.filter((row) => Number(row.requests) > 0).map((row) => row.source));
  const columns = ORDER.filter((source) => present.has(source)).map((source) => ({
    source,
    label: SOURCE_LABELS[source],
  }));
  return {
    columns,
    rows: stats.map((row) => ({
      period: row.period,
      visits: row.visits,
      counts: columns.map(({ source }) => counts.get(`${row.period} ${source}`) ?? 0),
    })),
  };
}
