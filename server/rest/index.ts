import { Hono } from 'hono';
import type { AppContext } from '../context.ts';

/** PostgREST subset (placeholder until implemented). */
export function restRoutes(_ctx: AppContext): Hono {
  return new Hono();
}
