import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { nextParisMidnight, parisToday } from '../../lib/hours/paris-day.ts';

/** Where a server-rendered page leaves the Paris day it was rendered on (entry-server.tsx). */
export const parisTodayKey = ['paris-today'] as const;

/**
 * Today in Paris ('YYYY-MM-DD'). The first render uses the day the server rendered the page on,
 * so hydration matches its HTML: null for a prerendered page, which carries no day (its build
 * cannot know when it is read). The browser then moves to its own day, and to the next one at
 * midnight, so that a page left open does not keep a closure past.
 */
export function useParisToday(): string | null {
  const client = useQueryClient();
  const [today, setToday] = useState(() => {
    const rendered = client.getQueryData<string | null>(parisTodayKey);
    return rendered === undefined ? parisToday(Date.now()) : rendered;
  });
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
