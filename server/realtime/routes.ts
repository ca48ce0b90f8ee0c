import { Hono, type Context } from 'hono';
import type { RealtimeService } from './service.ts';
import { canWrite } from './policies.ts';
import { checkToken } from './tokens.ts';

/** Messages one request may broadcast. */
const MAX_MESSAGES = 100;

interface Outgoing {
  topic: string;
  event: string;
  payload: unknown;
  private: boolean;
}

/**
 * Broadcast over HTTP, as hosted Supabase answers it: realtime-js falls back to
 * `POST /api/broadcast` when a channel is not joined, and `httpSend()` posts one event. 202 once
 * accepted; a private topic's message goes out only if the caller's token passes its write policy.
 */
export function realtimeRoutes(service: RealtimeService): Hono {
  const app = new Hono();

  async function identity(c: Context) {
    const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    const token = bearer ?? c.req.header('apikey') ?? '';
    return checkToken(token, service.secret, service.sessions);
  }

  async function send(c: Context, messages: Outgoing[]) {
    const who = await identity(c);
    if (!who.ok) return c.json({ message: `${who.code}: ${who.message}` }, 401);
    for (const m of messages) {
      if (m.private && !(await canWrite(service.db, who.identity, m.topic, 'broadcast'))) continue;
      const topic = `realtime:${m.topic}`;
      service.hub.broadcast(topic, m.private, undefined, {
        joinRef: null,
        ref: null,
        topic,
        event: 'broadcast',
        payload: { type: 'broadcast', event: m.event, payload: m.payload },
      });
    }
    return c.body(null, 202);
  }

  app.post('/api/broadcast', async (c) => {
    const body = (await c.req.json().catch(() => null)) as { messages?: unknown } | null;
    const list = Array.isArray(body?.messages)
      ? (body.messages as Record<string, unknown>[])
      : null;
    if (!list || list.length > MAX_MESSAGES)
      return c.json(
        { message: `messages: a list of at most ${MAX_MESSAGES} messages is expected` },
        400,
      );
    const messages: Outgoing[] = [];
    for (const m of list) {
      if (typeof m?.topic !== 'string' || typeof m.event !== 'string')
        return c.json({ message: 'each message needs a topic and an event' }, 400);
      messages.push({
        topic: m.topic,
        event: m.event,
        payload: m.payload ?? {},
        private: m.private === true,
      });
    }
    return send(c, messages);
  });

  app.post('/api/broadcast/:topic/events/:event', async (c) => {
    const type = c.req.header('content-type') ?? '';
    const payload: unknown = type.includes('application/json')
      ? await c.req.json().catch(() => undefined)
      : undefined;
    if (payload === undefined) return c.json({ message: 'a JSON payload is expected' }, 400);
    return send(c, [
      {
        topic: c.req.param('topic'),
        event: c.req.param('event'),
        payload,
        private: c.req.query('private') === 'true',
      },
    ]);
  });

  return app;
}
