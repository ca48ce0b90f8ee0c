import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { nextParisMidnight, parisToday } from '../../lib/hours/paris-day.ts';

/** Where a server-rendered page leaves the Paris day it was rendered on (entry-server.tsx). */
export const parisTodayKey = ['paris-today'] as const;

/**
 * Today in Paris ('YYYY-MM-DD'). The first render uses the day the server rendered the page on,
 * so hydration matches its HTML; the browser then moves to its own day (a prerendered page may be
 * older) and to the next one at midnight, so that a page left open does not keep a closure past.
 */
export function useParisToday(): string {
  const client = useQueryClient();
  const [today, setToday] = useState(
    () => client.getQueryData<string>(parisTodayKey) ?? parisToday(Date.now()),
  );
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const update = () => {
      const now = Date.now();
      setToday(parisToday(now));
      // Timers longer than about 24.8 days overflow; a day is far below that.
      timer = setTimeout(update, nextParisMidnight(now) - now + 1000);
    };
    update();
    return () => clearTimeout(timer);
  }, []);
  return today;
}
