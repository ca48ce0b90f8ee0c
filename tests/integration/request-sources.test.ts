import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import path from 'node:path';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import { REQUEST_FORM_PATH } from '../../src/site/request/request-route.ts';
import type { ServerConfig } from '../../server/config.ts';
import { clientsFor, sql, type Clients } from '../helpers/fixtures.ts';
import { startPostgresTestServer } from '../helpers/postgres-db.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signedStart, visitorRequest } from '../helpers/request-start.ts';
import { buildServerBundle } from './site-build.ts';

// Where requests come from (docs/decisions/078-agenda-figures-sources.md): the request form's
// page puts the category of the visitor's arrival in two hidden fields, the form posted without
// JavaScript keeps it with the request, and the statistics read the requests per source, for the
// administrator only. On embedded PGlite and on PostgreSQL.

const DIST = path.resolve('.tmp/request-sources-dist');

const backends: [string, (overrides?: Partial<ServerConfig>) => Promise<TestServer>][] = [
  ['PGlite', (overrides) => startTestServer({ distDir: DIST, ...overrides })],
  ['PostgreSQL', (overrides) => startPostgresTestServer({ distDir: DIST, ...overrides })],
];

let removeBundle: (() => Promise<void>) | undefined;
beforeAll(async () => {
  removeBundle = await buildServerBundle(DIST);
}, 180_000);
afterAll(async () => {
  await removeBundle?.();
});

const hidden = (page: string, name: string) =>
  new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"`).exec(page)?.[1];

describe.each(backends)('request sources (%s)', (_name, start) => {
  let server: TestServer;
  let clients: Clients;
  beforeAll(async () => {
    server = await start();
    clients = await clientsFor(server);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(async () => {
    await sql(server.db, 'delete from public.requests');
  });

  const formPage = async (query: string, referer?: string) => {
    const response = await fetch(`${server.url}${REQUEST_FORM_PATH}${query}`, {
      headers: referer ? { referer } : {},
    });
    expect(response.status).toBe(200);
    return response.text();
  };

  it('tells the form where its visitor came from, and nothing for a move inside the site', async () => {
    const cases: [string, string | undefined, string, string][] = [
      ['', 'https://www.google.fr/', 'moteur_de_recherche', ''],
      ['?source=google', undefined, 'google_maps', ''],
      ['?utm_source=Flyer_Mairie', 'https://l.facebook.com/', 'campagne', 'flyer_mairie'],
      ['', 'https://www.instagram.com/', 'reseau_social', ''],
      ['', undefined, 'direct', ''],
      ['', `${server.url}/`, '', ''],
    ];
    for (const [query, referer, source, campagne] of cases) {
      const page = await formPage(query, referer);
      expect([query, referer, hidden(page, 'source')]).toEqual([query, referer, source]);
      expect(hidden(page, 'campagne')).toBe(campagne);
    }
  });

  it('keeps the source of a request posted without JavaScript, and drops a made-up one', async () => {
    const post = async (fields: Record<string, string>) => {
      const body = new URLSearchParams({
        name: 'Dominique Leroy',
        phone: '06 12 34 56 78',
        vehicle_make: 'Renault',
        vehicle_model: 'Clio',
        vehicle_year: '2012',
        service: DEFAULT_CONTENT.services.servicesList[0]!,
        consent: 'on',
        website: '',
        started_at: await signedStart(server.db),
        ...fields,
      });
      const response = await fetch(`${server.url}${REQUEST_FORM_PATH}`, { method: 'POST', body });
      expect(response.status).toBe(200);
    };
    await post({ source: 'google_maps', campagne: '' });
    await post({ source: 'campagne', campagne: 'Radio-Locale' });
    await post({ source: 'espion', campagne: 'x' });
    const rows = await sql<{ source: string | null; source_campaign: string | null }>(
      server.db,
      'select source, source_campaign from public.requests order by created_at, source',
    );
    expect(rows).toHaveLength(3);
    expect(rows).toEqual(
      expect.arrayContaining([
        { source: 'google_maps', source_campaign: null },
        { source: 'campagne', source_campaign: 'radio-locale' },
        { source: null, source_campaign: null },
      ]),
    );
  });

  it('counts the requests per source and period, for the administrator only', async () => {
    const submit = async (source?: string) => {
      const { error } = await clients.visitor.rpc('submit_request', {
        payload: visitorRequest(await signedStart(server.db), {
          name: 'Camille',
          email: undefined,
          ...(source ? { source } : {}),
        }),
      });
      expect(error).toBeNull();
    };
    await submit('google_maps');
    await submit('google_maps');
    await submit('direct');
    await submit();
    // One of two years ago: counted in the yearly rows, not in the days shown.
    await sql(
      server.db,
      `update public.requests set created_at = now() - interval '2 years'
        where id = (select id from public.requests where source = 'direct')`,
    );
    const [{ today, year } = { today: '', year: '' }] = await sql<{ today: string; year: string }>(
      server.db,
      `select to_char(now() at time zone 'Europe/Paris', 'YYYY-MM-DD') as today,
              to_char(now() at time zone 'Europe/Paris' - interval '2 years', 'YYYY') as year`,
    );
    const daily = await clients.admin.rpc('get_request_sources', { unit: 'day' });
    expect(daily.error).toBeNull();
    expect(
      (daily.data as { period: string; source: string; requests: number | string }[]).map(
        (row) => ({ ...row, requests: Number(row.requests) }),
      ),
    ).toEqual([
      { period: today, source: 'google_maps', requests: 2 },
      { period: today, source: 'inconnue', requests: 1 },
    ]);
    const yearly = await clients.admin.rpc('get_request_sources', { unit: 'year' });
    expect(yearly.data).toContainEqual(expect.objectContaining({ period: year, source: 'direct' }));
    const unknown = await clients.admin.rpc('get_request_sources', { unit: 'decade' });
    expect(unknown.error?.message).toContain('Période inconnue');

    for (const actor of ['visitor', 'member'] as const) {
      const refused = await clients[actor].rpc('get_request_sources', { unit: 'day' });
      expect(refused.error?.code).toBe('42501');
      expect(refused.data).toBeNull();
    }
  });
});
