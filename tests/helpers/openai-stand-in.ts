import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * How the stand-in answers POST /chat/completions:
 * - ok: 200 with the requested number of valid French articles (OpenAI's chat-completions shape);
 * - 401, 429, 500: OpenAI's error body with that status;
 * - malformed: 200 whose message content is not JSON;
 * - wrong-shape: 200 whose content is JSON without articles;
 * - hang: never answers (for the timeout), until the client gives up or the stand-in closes.
 */
export type StandInMode = 'ok' | '401' | '429' | '500' | 'malformed' | 'wrong-shape' | 'hang';

export const STAND_IN_MODES: readonly StandInMode[] = [
  'ok',
  '401',
  '429',
  '500',
  'malformed',
  'wrong-shape',
  'hang',
];

export interface StandInRequest {
  authorization: string | undefined;
  body: { model?: string; messages?: { role: string; content: string }[] } | undefined;
}

export interface OpenAiStandIn {
  /** The base URL to use as OPENAI_BASE_URL (no trailing slash). */
  url: string;
  /** The mode for requests whose key does not choose one (see `keyFor`). */
  setMode(mode: StandInMode): void;
  /** The requests received so far, oldest first (at most the last 50). */
  requests: StandInRequest[];
  close(): Promise<void>;
}

/**
 * A key that makes the stand-in answer in `mode` whatever its default mode: handy when the
 * stand-in runs in another process (browser tests) or tests run concurrently.
 */
export function keyFor(mode: StandInMode): string {
  return `sk-standin-${mode}-0000abcd`;
}

function modeOfKey(authorization: string | undefined): StandInMode | undefined {
  const match = /^Bearer sk-standin-([a-z0-9-]+)-0000abcd$/.exec(authorization ?? '');
  const mode = match?.[1] as StandInMode | undefined;
  return mode && STAND_IN_MODES.includes(mode) ? mode : undefined;
}

/** The number of articles the prompt asks for ("Rédige N article…"). */
function requestedCount(body: StandInRequest['body']): number {
  const prompt = body?.messages?.map((m) => m.content).join('\n') ?? '';
  const n = Number(/Rédige (\d+) article/.exec(prompt)?.[1]);
  return Number.isInteger(n) && n >= 1 && n <= 20 ? n : 1;
}

export const STAND_IN_TITLE = 'Entretien des freins : les signes qui ne trompent pas';

/** The articles the stand-in writes when asked for `count`. */
export function standInArticles(count: number) {
  const images = ['freins', 'pneus', 'diagnostic', 'entretien', 'inconnue'];
  return Array.from({ length: count }, (_, i) => ({
    // The same title twice: slugs must still come out unique.
    title: i < 2 ? STAND_IN_TITLE : `Conseil d'atelier n° ${i + 1} : la vidange`,
    excerpt: `Résumé de l'article ${i + 1}.`,
    content: `## Pourquoi c'est important\n\nUn entretien régulier évite les pannes.\n\n- Point ${i + 1}\n- Contrôle visuel`,
    image: images[i % images.length],
  }));
}

function completion(content: string) {
  return {
    id: 'chatcmpl-standin',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'gpt-4',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function openAiError(res: ServerResponse, status: number, message: string, type: string): void {
  send(res, status, { error: { message, type, param: null, code: null } });
}

/** Starts the stand-in on 127.0.0.1 with a free port. Bodies over 1 MB are refused. */
export async function startOpenAiStandIn(initial: StandInMode = 'ok'): Promise<OpenAiStandIn> {
  let mode = initial;
  const requests: StandInRequest[] = [];
  const sockets = new Set<Socket>();

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      return openAiError(res, 404, 'Unknown endpoint', 'invalid_request_error');
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > 1_000_000) return openAiError(res, 413, 'Too large', 'invalid_request_error');
      chunks.push(chunk);
    }
    let body: StandInRequest['body'];
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as StandInRequest['body'];
    } catch {
      body = undefined;
    }
    requests.push({ authorization: req.headers.authorization, body });
    if (requests.length > 50) requests.shift();

    switch (modeOfKey(req.headers.authorization) ?? mode) {
      case 'ok':
        return send(
          res,
          200,
          completion(JSON.stringify({ articles: standInArticles(requestedCount(body)) })),
        );
      case 'malformed':
        return send(res, 200, completion('Voici vos articles : {"articles": [{"title": "Frei'));
      case 'wrong-shape':
        return send(res, 200, completion(JSON.stringify({ posts: [] })));
      case '401':
        return openAiError(res, 401, 'Incorrect API key provided.', 'invalid_request_error');
      case '429':
        return openAiError(res, 429, 'You exceeded your current quota.', 'insufficient_quota');
      case '500':
        return openAiError(res, 500, 'The server had an error.', 'server_error');
      case 'hang':
        return; // never answers; close() ends the socket
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) openAiError(res, 500, 'Stand-in failure', 'server_error');
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  // Bounded: a hanging request cannot keep a socket open for ever.
  server.requestTimeout = 120_000;
  server.headersTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    setMode(next) {
      mode = next;
    },
    requests,
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
