import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { formatCalendarMonth } from '../../lib/dates-paris.ts';
import { parisToday } from '../../lib/hours/paris-day.ts';
import { useSupabase } from '../client/client-context.tsx';
import { monthFiguresKeys, readMonthFigures } from './month-figures-api.ts';
import './month-figures.css';

/**
 * The owner's home: this month's requests received, appointments confirmed and no-shows. Its box
 * is there from the start, so the page below does not move when the figures arrive.
 */
export function MonthFigures() {
  const client = useSupabase();
  const [today] = useState(() => parisToday(Date.now()));
  const month = today.slice(0, 7);
  const figures = useQuery({
    queryKey: monthFiguresKeys.month(month),
    queryFn: () => readMonthFigures(client!, today),
    enabled: client !== null,
    staleTime: 60_000,
    retry: false,
  });
  if (!client) return null;
  const value = (n: number | undefined) => (n === undefined ? '…' : String(n));
  // « 0 demande reçue », « 1 demande reçue », « 2 demandes reçues ».
  const words = (n: number | undefined, one: string, many: string) =>
    n !== undefined && n > 1 ? many : one;
  const { received, confirmed, noShows } = figures.data ?? {};
  return (
    <section className="month-figures" aria-labelledby="month-figures-title">
      <h2 id="month-figures-title">{`Ce mois-ci (${formatCalendarMonth(month)})`}</h2>
      {figures.isError ? (
        <p className="month-figures__error">Les chiffres du mois n’ont pas pu être lus.</p>
      ) : (
        <ul aria-busy={figures.isPending}>
          <li>
            <span className="month-figures__value">{value(received)}</span>
            <span>{words(received, 'demande reçue', 'demandes reçues')}</span>
          </li>
          <li>
            <span className="month-figures__value">{value(confirmed)}</span>
            <span>{words(confirmed, 'rendez-vous confirmé', 'rendez-vous confirmés')}</span>
          </li>
          <li>
            <span className="month-figures__value">{value(noShows)}</span>
            <span>{words(noShows, 'client non venu', 'clients non venus')}</span>
          </li>
        </ul>
      )}
      <p className="month-figures__links">
        <Link to="/admin/agenda">Voir l’agenda</Link> · <Link to="/admin/stats">Statistiques</Link>
      </p>
    </section>
  );
}
