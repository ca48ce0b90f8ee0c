import { formatLongDate } from '../../lib/dates.ts';
import { formatViewCount } from '../../lib/view-count.ts';

/** The publication date in French (day, long month, year) and the view count. */
export function ArticleMeta({ date, views }: { date: string; views: number | null }) {
  return (
    <p className="article__meta">
      <time dateTime={date}>{formatLongDate(date)}</time>
      <span aria-hidden="true"> · </span>
      <span className="article__views">{formatViewCount(views)}</span>
    </p>
  );
}
