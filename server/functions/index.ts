import { Hono } from 'hono';
import type { AppContext } from '../context.ts';

/**
 * Edge functions (placeholder until implemented). `selfFetch` sends a request into this same
 * server without a network hop, so a function's supabase-js client can reach the API.
 */
export function functionRoutes(_ctx: AppContext, _selfFetch: (request: Request) => Promise<Response>): Hono {
  return new Hono();
}
