import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { AUTH_PATH, STORAGE_PATH } from '../../server/app.ts';
import type { AppContext } from '../../server/context.ts';
import { authRoutes } from '../../server/auth/index.ts';
import { matchStorageRoute, STORAGE_ROUTES } from '../../server/storage/index.ts';

/**
 * The oracle of the auth and storage services: JSON Schemas of GoTrue's and Supabase Storage's
 * answers, written from their published descriptions at a pinned commit (each schema's
 * `$comment`), and which answer each route of this server gives in which status
 * (docs/decisions/089-oracles-for-auth-and-storage.md).
 */

/** What an answer must be: a schema file of this folder, or a body-less or file answer. */
export type Expectation = `${'auth' | 'storage'}/${string}.schema.json` | Special;
type Special = 'no body' | 'redirect' | 'image file';
/** Per route, the expectation of each success status; every error status takes the error schema. */
export type RouteOracle = Readonly<Record<number, Expectation>>;

const SESSION = 'auth/session.schema.json';
const USER = 'auth/user.schema.json';
const ERRORS_ONLY: RouteOracle = {};
const FILE: RouteOracle = { 200: 'image file', 304: 'no body' };

/** The answers of each route of server/auth, by its path in the route table (under AUTH_PATH). */
export const AUTH_ORACLE: Readonly<Record<string, RouteOracle>> = {
  'POST /token': { 200: SESSION },
  'GET /user': { 200: USER },
  'PUT /user': { 200: USER },
  'POST /logout': { 204: 'no body' },
  'POST /signup': ERRORS_ONLY,
  'POST /invite': ERRORS_ONLY,
  'POST /recover': { 200: 'auth/empty.schema.json' },
  'GET /verify': { 303: 'redirect' },
  'POST /verify': { 200: SESSION },
  'POST /otp': ERRORS_ONLY,
  'POST /magiclink': ERRORS_ONLY,
  'POST /resend': ERRORS_ONLY,
  'POST /setup/check': { 200: 'auth/setup-check.schema.json' },
  'POST /setup': { 200: SESSION },
  'POST /factors': { 200: 'auth/mfa-enroll.schema.json' },
  'POST /factors/:id/challenge': { 200: 'auth/mfa-challenge.schema.json' },
  'POST /factors/:id/verify': { 200: SESSION },
  'DELETE /factors/:id': { 200: 'auth/mfa-unenroll.schema.json' },
  'ALL /admin/*': ERRORS_ONLY,
  'POST /admin/users': { 200: USER },
  'GET /admin/users': { 200: 'auth/admin-user-list.schema.json' },
  'PUT /admin/users/:id': { 200: USER },
  'GET /admin/users/:id/factors': { 200: 'auth/factor-list.schema.json' },
  'DELETE /admin/users/:id/factors/:factorId': { 200: 'auth/factor.schema.json' },
  'POST /server-proof': { 200: 'auth/server-proof.schema.json' },
  'GET /health': { 200: 'auth/health.schema.json' },
  'GET /settings': { 200: 'auth/settings.schema.json' },
  'GET /.well-known/jwks.json': { 200: 'auth/jwks.schema.json' },
  'ALL /*': ERRORS_ONLY,
};

/** The answers of each route of server/storage, by its path in STORAGE_ROUTES (under STORAGE_PATH). */
export const STORAGE_ORACLE: Readonly<Record<string, RouteOracle>> = {
  'POST /object/list/*': { 200: 'storage/object-list.schema.json' },
  'GET /object/public/*': FILE,
  'GET /object/authenticated/*': FILE,
  'DELETE /object/:bucket': { 200: 'storage/object-list.schema.json' },
  'POST /object/*': { 200: 'storage/upload.schema.json' },
  'PUT /object/*': { 200: 'storage/upload.schema.json' },
  'GET /object/*': FILE,
  'GET /render/image/public/*': FILE,
  'GET /render/image/authenticated/*': FILE,
};

/** A path that matches no route of the storage table (answered 404 in the error shape). */
export const NO_STORAGE_ROUTE = 'no route';

export type Service = 'auth' | 'storage';
export interface RouteEntry {
  service: Service;
  /** `METHOD /path` as the service's route table writes it. */
  key: string;
}

/** Every route of both services, from their route tables (Hono's for auth, STORAGE_ROUTES). */
export function routeTable(): RouteEntry[] {
  // The handlers read the context only when called: a route listing needs none.
  const auth = authRoutes({} as AppContext).routes.map((r) => `${r.method} ${r.path}`);
  return [
    ...[...new Set(auth)].map((key) => ({ service: 'auth' as const, key })),
    ...STORAGE_ROUTES.map((r) => ({ service: 'storage' as const, key: `${r.method} ${r.path}` })),
  ];
}

/** A Hono path pattern as a regular expression (`:param` one segment, `*` anything). */
function patternOf(routePath: string): RegExp {
  const source = routePath
    .split('/')
    .map((part) =>
      part === '*'
        ? '.*'
        : part.startsWith(':')
          ? '[^/]+'
          : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/** The route of the table that answers a request, as each service's router picks it. */
export function routeOf(method: string, url: URL): RouteEntry | undefined {
  const pathname = url.pathname;
  if (pathname.startsWith(`${STORAGE_PATH}/`)) {
    const found = matchStorageRoute(method, pathname.slice(STORAGE_PATH.length + 1).split('/'));
    return {
      service: 'storage',
      key: found ? `${found.route.method} ${found.route.path}` : NO_STORAGE_ROUTE,
    };
  }
  if (!pathname.startsWith(`${AUTH_PATH}/`)) return undefined;
  const inner = pathname.slice(AUTH_PATH.length);
  const entries = routeTable().filter((r) => r.service === 'auth');
  const verb = method === 'HEAD' ? 'GET' : method;
  // A handler of the method first; then the ALL entries (the admin guard, the unknown endpoint).
  const specific = entries.find((r) => {
    const [m, p] = r.key.split(' ') as [string, string];
    return m === verb && patternOf(p).test(inner);
  });
  return (
    specific ??
    entries.find((r) => {
      const [m, p] = r.key.split(' ') as [string, string];
      return m === 'ALL' && patternOf(p).test(inner);
    })
  );
}

/** One answer of the server, as a client received it. */
export interface Exchange {
  method: string;
  url: URL;
  /** The request's x-supabase-api-version (GoTrue's error shape depends on it). */
  apiVersion: string | null;
  status: number;
  headers: Headers;
  body: string;
}

/** A fetch that keeps every answer of the auth and storage services in `log`. */
export function recordingFetch(log: Exchange[]): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : undefined;
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    const url = new URL(request ? request.url : String(input));
    const headers = new Headers(init?.headers ?? request?.headers);
    const response = await fetch(input, init);
    if (url.pathname.startsWith(`${AUTH_PATH}/`) || url.pathname.startsWith(`${STORAGE_PATH}/`)) {
      const body = method === 'HEAD' ? '' : await response.clone().text();
      log.push({
        method,
        url,
        apiVersion: headers.get('x-supabase-api-version'),
        status: response.status,
        headers: response.headers,
        body,
      });
    }
    return response;
  };
}

const DIR = import.meta.dirname;

/** Every schema of this folder, compiled with the formats they name (uuid, date-time). */
export function compileSchemas(): Map<string, ValidateFunction> {
  const ajv = new Ajv({ allErrors: true, strict: true });
  addFormats(ajv);
  const names = (['auth', 'storage'] as const).flatMap((service) =>
    readdirSync(path.join(DIR, service))
      .filter((name) => name.endsWith('.schema.json'))
      .map((name) => `${service}/${name}`),
  );
  for (const name of names)
    ajv.addSchema(JSON.parse(readFileSync(path.join(DIR, name), 'utf8')) as object);
  return new Map(names.map((name) => [name, ajv.getSchema(name)!]));
}

/** The expectation of an answer: its route's for a success, the service's error schema else. */
export function expectationOf(exchange: Exchange, route: RouteEntry): Expectation | undefined {
  const oracle = route.service === 'auth' ? AUTH_ORACLE : STORAGE_ORACLE;
  const own = route.key === NO_STORAGE_ROUTE ? ERRORS_ONLY : oracle[route.key];
  if (own === undefined) return undefined;
  if (exchange.status < 400) return own[exchange.status];
  if (route.service === 'storage') return 'storage/error.schema.json';
  // GoTrue answers `{code, message}` to clients that ask for API version 2024-01-01 or later.
  return exchange.apiVersion !== null && exchange.apiVersion >= '2024-01-01'
    ? 'auth/error.schema.json'
    : 'auth/error-legacy.schema.json';
}

/** What is wrong with an answer given what it must be (an empty list when nothing is). */
export function problemsOf(
  exchange: Exchange,
  expectation: Expectation,
  schemas: Map<string, ValidateFunction>,
): string[] {
  const type = exchange.headers.get('content-type') ?? '';
  if (expectation === 'no body') return exchange.body === '' ? [] : ['a body was sent'];
  if (expectation === 'redirect')
    return exchange.headers.get('location') ? [] : ['no Location header'];
  if (expectation === 'image file')
    return /^image\//.test(type) && exchange.body !== '' ? [] : [`not an image (${type})`];
  if (!/^application\/json/.test(type)) return [`not JSON (${type})`];
  const validate = schemas.get(expectation);
  if (!validate) return [`no schema file ${expectation}`];
  if (validate(JSON.parse(exchange.body))) return [];
  return (validate.errors ?? []).map(
    (e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`,
  );
}
