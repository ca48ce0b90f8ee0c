import { Hono } from 'hono';
import type { AppContext } from '../context.ts';

/** GoTrue subset (placeholder until implemented). */
export function authRoutes(_ctx: AppContext): Hono {
  return new Hono();
}
