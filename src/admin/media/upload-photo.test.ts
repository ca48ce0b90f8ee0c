import { createClient } from '@supabase/supabase-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { FakeXhr } from '../../../tests/helpers/fake-xhr.ts';
import { PhotoUploadError, TOO_BIG, uploadErrorMessage, uploadPhoto } from './upload-photo.ts';

const PROJECT = 'https://garage.example';
const KEY = 'anon-key';
const STORAGE_KEY = 'garage-auth';

/** A client like the app's, with `accessToken` signed in when given; `fetch` for other calls. */
function client(accessToken?: string, fetch: typeof globalThis.fetch = vi.fn()) {
  const saved = new Map<string, string>();
  if (accessToken) {
    const session = {
      access_token: accessToken,
      refresh_token: 'refresh',
      token_type: 'bearer',
      expires_in: 3600,
      expires_at: Math.floor(Date.now() / 1000) + 3600,
      user: { id: 'u1', aud: 'authenticated', app_metadata: {}, user_metadata: {}, created_at: '' },
    };
    saved.set(STORAGE_KEY, JSON.stringify(session));
  }
  return createClient(PROJECT, KEY, {
    auth: {
      storageKey: STORAGE_KEY,
      storage: {
        getItem: (key) => saved.get(key) ?? null,
        setItem: (key, value) => void saved.set(key, value),
        removeItem: (key) => void saved.delete(key),
      },
      autoRefreshToken: false,
      detectSessionInUrl: false,
    },
    global: { fetch },
    // Node 20 has no WebSocket of its own; realtime is not used here.
    realtime: { transport: WebSocket as never },
  });
}

const photo = () => new File([new Uint8Array(1000)], 'atelier.jpg', { type: 'image/jpeg' });

beforeEach(() => {
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploadPhoto with onProgress', () => {
  it("sends to the client's storage with its key and the user's token, reporting progress", async () => {
    const fractions: number[] = [];
    const sending = uploadPhoto(client('user-token'), photo(), (f) => fractions.push(f));
    const xhr = await FakeXhr.request();
    const name =
      /^https:\/\/garage\.example\/storage\/v1\/object\/media\/([0-9a-f-]{36}\.jpg)$/.exec(
        xhr.url,
      )?.[1];
    expect(name).toBeDefined();
    expect(xhr.method).toBe('POST');
    expect(xhr.requestHeaders).toMatchObject({
      apikey: KEY,
      authorization: 'Bearer user-token',
      'x-upsert': 'false',
    });
    expect((xhr.body as FormData).get('cacheControl')).toBe('31536000');

    xhr.progress(400, 1000);
    expect(fractions).toEqual([0.4]);
    xhr.respond(200, { 'content-type': 'application/json' }, `{"Key":"media/${name}","Id":"1"}`);
    await expect(sending).resolves.toBe(`${PROJECT}/storage/v1/object/public/media/${name}`);
  });

  it('sends the key as the token when nobody is signed in, as supabase-js does', async () => {
    const sending = uploadPhoto(client(), photo(), () => {});
    const xhr = await FakeXhr.request();
    expect(xhr.requestHeaders.authorization).toBe(`Bearer ${KEY}`);
    xhr.respond(200, { 'content-type': 'application/json' }, '{"Key":"media/a.jpg"}');
    await sending;
  });

  it('says in French why the server refused, or that the photo was not sent', async () => {
    const refused = uploadPhoto(client('user-token'), photo(), () => {});
    (await FakeXhr.request(0)).respond(
      403,
      { 'content-type': 'application/json' },
      '{"statusCode":"403","error":"Unauthorized","message":"new row violates row-level security policy"}',
    );
    await expect(refused).rejects.toThrow(
      new PhotoUploadError(uploadErrorMessage({ status: 403 })),
    );

    const tooBig = uploadPhoto(client('user-token'), photo(), () => {});
    (await FakeXhr.request(1)).respond(413, { 'content-type': 'text/plain' }, 'Payload Too Large');
    await expect(tooBig).rejects.toThrow(TOO_BIG);

    const offline = uploadPhoto(client('user-token'), photo(), () => {});
    (await FakeXhr.request(2)).fail();
    await expect(offline).rejects.toThrow(/vérifiez votre connexion/);
  });
});

describe('uploadPhoto without onProgress', () => {
  it("goes through the client's own fetch, as before", async () => {
    const fetch = vi.fn(async () => Response.json({ Key: 'media/a.jpg', Id: '1' }));
    const address = await uploadPhoto(client('user-token', fetch), photo());
    expect(address).toMatch(/^https:\/\/garage\.example\/storage\/v1\/object\/public\/media\//);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(FakeXhr.sent).toEqual([]);
  });
});

describe('the address an image field stores', () => {
  it('is the site-relative path when the storage is the site’s own server', async () => {
    vi.stubGlobal('location', new URL(`${PROJECT}/admin/hero`));
    const fetch = vi.fn(async () => Response.json({ Key: 'media/a.jpg', Id: '1' }));
    const address = await uploadPhoto(client('user-token', fetch), photo());
    expect(address).toMatch(/^\/storage\/v1\/object\/public\/media\/[0-9a-f-]{36}\.jpg$/);
  });

  it('is the absolute address when the storage lives elsewhere (hosted Supabase)', async () => {
    vi.stubGlobal('location', new URL('https://garage-exemple.fr/admin/hero'));
    const fetch = vi.fn(async () => Response.json({ Key: 'media/a.jpg', Id: '1' }));
    const address = await uploadPhoto(client('user-token', fetch), photo());
    expect(address).toMatch(
      /^https:\/\/garage\.example\/storage\/v1\/object\/public\/media\/[0-9a-f-]{36}\.jpg$/,
    );
  });
});
