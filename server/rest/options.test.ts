import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate.ts';
import { openPglite } from '../db/pglite.ts';
import { testConfig } from '../../tests/helpers/server.ts';
import { restRoutes } from './index.ts';

// In the running server the CORS layer (server/app.ts) answers every OPTIONS request before
// /rest/v1 sees it; these are the answers /rest/v1 itself gives when one reaches it.
let db: Awaited<ReturnType<typeof openPglite>>;
let routes: ReturnType<typeof restRoutes>;

beforeAll(async () => {
  db = await openPglite({});
  await migrate(db);
  routes = restRoutes({ db, config: await testConfig() });
}, 60_000);

afterAll(async () => {
  await db?.close();
});

describe('OPTIONS on /rest/v1', () => {
  it('on a table lists the methods this server offers, with no body', async () => {
    const response = await routes.request('/blog_posts', { method: 'OPTIONS' });
    expect(response.status).toBe(200);
    expect(response.headers.get('allow')).toBe('OPTIONS,GET,HEAD,POST,PATCH,DELETE');
    expect(await response.text()).toBe('');
  });

  it('on a function answers a clear 400', async () => {
    const response = await routes.request('/rpc/increment_views', { method: 'OPTIONS' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'PGRST100',
      message: 'Non pris en charge par ce serveur : méthode OPTIONS sur /rpc',
    });
  });
});
