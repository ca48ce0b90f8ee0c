import { LoadingStatus } from '../../lib/loading-status.tsx';
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useSupabase } from '../client/client-context.tsx';
import { ConfigMissingNotice } from '../ui/config-missing-notice.tsx';
import { fetchStats } from './stats-api.ts';
import { StatsChart } from './stats-chart.tsx';
import { RequestSources } from './request-sources.tsx';
import {
  formatAverage,
  formatCount,
  PERIOD_ORDER,
  PERIODS,
  periodLabel,
  STATS_ERROR,
  statCards,
  type StatRow,
  type StatsPeriod,
} from './stats-model.ts';
import './stats-page.css';
import { AdminTitle } from '../shell/new-requests.tsx';
import { Message } from '../../lib/message/message.tsx';

/** 'Statistiques de Visites' (/admin/stats, docs/product.md#visits-and-statistics). */
export function StatsPage() {
  const client = useSupabase();
  return (
    <>
      <AdminTitle>Statistiques de Visites</AdminTitle>
      <h1>Statistiques de Visites</h1>
      {client ? <Stats client={client} /> : <ConfigMissingNotice />}
    </>
  );
}

function Stats({ client }: { client: SupabaseClient }) {
  const [period, setPeriod] = useState<StatsPeriod>('daily');
  const selectId = useId();
  const stats = useQuery({
    queryKey: ['admin', 'visit-stats', period],
    queryFn: () => fetchStats(client, period),
    // Loading, then error or data, fetched again on every period change.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

  return (
    <div className="stats">
      <div className="stats__period">
        <label htmlFor={selectId}>Période</label>
        <select
          id={selectId}
          className="editor-input"
          value={period}
          onChange={(event) => setPeriod(event.target.value as StatsPeriod)}
        >
          {PERIOD_ORDER.map((value) => (
            <option key={value} value={value}>
              {PERIODS[value].label}
            </option>
          ))}
        </select>
      </div>

      {stats.isPending ? (
        <LoadingStatus className="stats__loading" label="Chargement des statistiques…" />
      ) : stats.isError ? (
        <Message kind="error" className="stats__error">
          {STATS_ERROR}
        </Message>
      ) : (
        <>
          <StatsData period={period} rows={stats.data} />
          <RequestSources client={client} period={period} rows={stats.data} />
        </>
      )}
    </div>
  );
}

function StatsData({ period, rows }: { period: StatsPeriod; rows: StatRow[] }) {
  const cards = statCards(rows);
  const chartTitleId = useId();
  const tableCaptionId = useId();
  const { caption } = PERIODS[period];
  return (
    <>
      <ul className="stats__cards" aria-label="Chiffres clés">
        <Card label="Total des visites" value={formatCount(cards.total)} />
        <Card label="Moyenne par période" value={formatAverage(cards.average)} />
        <Card label="Dernière période" value={formatCount(cards.last)} />
        <Card label="Demandes reçues" value={formatCount(cards.requests)} />
      </ul>

      <section className="stats__panel" aria-labelledby={chartTitleId}>
        <h2 id={chartTitleId} className="stats__panel-title">
          Évolution des visites
        </h2>
        <p className="stats__caption">{caption}</p>
        <StatsChart period={period} rows={rows} />
      </section>

      <section className="stats__panel">
        <p className="stats__caption">
          Demandes : les demandes de devis et de rendez-vous reçues par le formulaire du site. Les
          plus anciennes sont effacées au bout de la durée de conservation : les périodes lointaines
          peuvent en compter moins.
        </p>
        <div className="stats__table" tabIndex={0} role="region" aria-labelledby={tableCaptionId}>
          <table>
            <caption id={tableCaptionId}>
              Visites et demandes par période ({caption.toLowerCase()})
            </caption>
            <thead>
              <tr>
                <th scope="col">Période</th>
                <th scope="col">Visites</th>
                <th scope="col">Demandes</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.period}>
                  <th scope="row">{periodLabel(row.period)}</th>
                  <td>{formatCount(row.visits)}</td>
                  <td>{formatCount(row.requests)}</td>
                </tr>
              ))}
              {rows.length === 0 && (
                <tr>
                  <td colSpan={3}>Aucune donnée pour cette période.</td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}

function Card({ label, value }: { label: string; value: string }) {
  return (
    <li className="stats__card">
      <span className="stats__card-label">{label}</span>
      <span className="stats__card-value">{value}</span>
    </li>
  );
}
