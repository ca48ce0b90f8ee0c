import { formatLongDate } from '../../lib/dates.ts';

const VIEWS = new Intl.NumberFormat('fr-FR');

/** The publication date in French (day, long month, year) and the view count. */
export function ArticleMeta({ date, views }: { date: string; views: number | null }) {
  return (
    <p className="article__meta">
      <time dateTime={date}>{formatLongDate(date)}</time>
      <span aria-hidden="true"> · </span>
      <span className="article__views">{VIEWS.format(views ?? 0)} vues</span>
    </p>
  );
}
