import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { LoadingStatus } from '../../lib/loading-status.tsx';
import { fetchRequestSources } from './stats-api.ts';
import { sourceTable } from './request-sources-model.ts';
import {
  formatCount,
  periodLabel,
  PERIODS,
  type StatRow,
  type StatsPeriod,
} from './stats-model.ts';

const SOURCES_ERROR = 'Erreur lors du chargement de la provenance des demandes';

/**
 * « Provenance des demandes »: each period's visits and its requests per source (a category the
 * form recorded, docs/decisions/078-agenda-figures-sources.md), counted by the database.
 */
export function RequestSources({
  client,
  period,
  rows,
}: {
  client: SupabaseClient;
  period: StatsPeriod;
  rows: StatRow[];
}) {
  const captionId = useId();
  const sources = useQuery({
    queryKey: ['admin', 'request-sources', period],
    queryFn: () => fetchRequestSources(client, period),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const { caption } = PERIODS[period];
  return (
    <section className="stats__panel" aria-labelledby={`${captionId}-title`}>
      <h2 id={`${captionId}-title`} className="stats__panel-title">
        Provenance des demandes
      </h2>
      <p className="stats__caption">
        D’où venaient les visiteurs qui ont envoyé une demande : un moteur de recherche, Google Maps
        ou la fiche Google du garage, un réseau social, un autre site, une campagne, ou l’adresse
        tapée directement. « Inconnue » : le site n’a pas pu le savoir.
      </p>
      {sources.isPending ? (
        <LoadingStatus className="stats__loading" label="Chargement de la provenance…" />
      ) : sources.isError ? (
        <p className="stats__error">{SOURCES_ERROR}</p>
      ) : (
        <SourcesTable rows={rows} raw={sources.data} captionId={captionId} caption={caption} />
      )}
    </section>
  );
}

function SourcesTable({
  rows,
  raw,
  captionId,
  caption,
}: {
  rows: StatRow[];
  raw: Parameters<typeof sourceTable>[1];
  captionId: string;
  caption: string;
}) {
  const table = sourceTable(rows, raw);
  return (
    <div className="stats__table" tabIndex={0} role="region" aria-labelledby={captionId}>
      <table>
        <caption id={captionId}>
          Visites et demandes par provenance ({caption.toLowerCase()})
        </caption>
        <thead>
          <tr>
            <th scope="col">Période</th>
            <th scope="col">Visites</th>
            {table.columns.map((column) => (
              <th scope="col" key={column.source}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.period}>
              <th scope="row">{periodLabel(row.period)}</th>
              <td>{formatCount(row.visits)}</td>
              {row.counts.map((n, index) => (
                <td key={table.columns[index]!.source}>{formatCount(n)}</td>
              ))}
            </tr>
          ))}
          {table.columns.length === 0 && (
            <tr>
              <td colSpan={2 + table.columns.length}>Aucune demande sur ces périodes.</td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
