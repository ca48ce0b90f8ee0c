import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

// OPTIONS on /rest/v1, through the running server: a browser's CORS preflight gets CORS's
// answer; any other OPTIONS gets PostgREST's (the methods on offer), with the CORS headers.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('OPTIONS on /rest/v1', () => {
  it('on a table lists the methods this server offers, with no body', async () => {
    const response = await fetch(`${server.url}/rest/v1/blog_posts`, { method: 'OPTIONS' });
    expect(response.status).toBe(200);
    expect(response.headers.get('allow')).toBe('OPTIONS,GET,HEAD,POST,PATCH,DELETE');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.text()).toBe('');
  });

  it('on a function answers a clear 400', async () => {
    const response = await fetch(`${server.url}/rest/v1/rpc/increment_views`, {
      method: 'OPTIONS',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'PGRST100',
      message: 'Non pris en charge par ce serveur : méthode OPTIONS sur /rpc',
    });
  });

  it('a browser preflight gets the CORS answer', async () => {
    const response = await fetch(`${server.url}/rest/v1/blog_posts`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization,apikey,content-type,prefer',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-methods')).toContain('PATCH');
    expect(response.headers.get('access-control-allow-headers')).toContain('prefer');
  });
});
