import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../../../tests/helpers/fake-xhr.ts';
import { progressFetch } from './xhr-fetch.ts';

beforeEach(() => {
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('progressFetch', () => {
  it('sends the request as given and reports the upload progress', async () => {
    const fractions: number[] = [];
    const body = new FormData();
    body.append('cacheControl', '3600');
    const answer = progressFetch((fraction) => fractions.push(fraction))(
      'https://garage.example/storage/v1/object/media/a.jpg',
      { method: 'POST', headers: { apikey: 'anon', Authorization: 'Bearer jeton' }, body },
    );
    const xhr = await FakeXhr.request();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('https://garage.example/storage/v1/object/media/a.jpg');
    expect(xhr.requestHeaders).toEqual({ apikey: 'anon', authorization: 'Bearer jeton' });
    expect(xhr.body).toBe(body);

    xhr.progress(0, 0); // Length unknown: nothing to report.
    xhr.progress(250, 1000);
    xhr.progress(1000, 1000);
    xhr.respond(200, { 'Content-Type': 'application/json' }, '{"Key":"media/a.jpg"}');
    await answer;
    expect(fractions).toEqual([0.25, 1]);
  });

  it("resolves the server's status, headers and body, even for a refusal", async () => {
    const answer = progressFetch(() => {})('https://garage.example/x', { method: 'POST' });
    (await FakeXhr.request()).respond(
      403,
      { 'content-type': 'application/json', 'x-request-id': 'r1' },
      '{"statusCode":"403","message":"new row violates row-level security policy"}',
      'Forbidden',
    );
    const response = await answer;
    expect(response).toBeInstanceOf(Response);
    expect(response.ok).toBe(false);
    expect(response.status).toBe(403);
    expect(response.statusText).toBe('Forbidden');
    expect(response.headers.get('Content-Type')).toBe('application/json');
    expect(response.headers.get('x-request-id')).toBe('r1');
    expect(await response.json()).toEqual({
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });
  });

  it('gives a 204 an empty body', async () => {
    const answer = progressFetch(() => {})('https://garage.example/x', { method: 'DELETE' });
    (await FakeXhr.request()).respond(204, {}, '');
    const response = await answer;
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
  });

  it('rejects with a TypeError when the network fails, as fetch does', async () => {
    const answer = progressFetch(() => {})('https://garage.example/x');
    (await FakeXhr.request()).fail();
    await expect(answer).rejects.toBeInstanceOf(TypeError);
  });

  it("stops the request when the signal aborts, and rejects with the signal's reason", async () => {
    const controller = new AbortController();
    const answer = progressFetch(() => {})('https://garage.example/x', {
      signal: controller.signal,
    });
    const xhr = await FakeXhr.request();
    controller.abort();
    expect(xhr.aborted).toBe(true);
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });

    const already = progressFetch(() => {})('https://garage.example/y', {
      signal: AbortSignal.abort(),
    });
    await expect(already).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.sent).toHaveLength(1);
  });

  it("takes a Request's method, headers and body", async () => {
    const answer = progressFetch(() => {})(
      new Request('https://garage.example/rest/v1/notes', {
        method: 'PUT',
        headers: { 'content-type': 'text/plain' },
        body: 'bonjour',
      }),
    );
    const xhr = await FakeXhr.request();
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe('https://garage.example/rest/v1/notes');
    expect(xhr.requestHeaders['content-type']).toBe('text/plain');
    expect(await (xhr.body as Blob).text()).toBe('bonjour');
    xhr.respond(200, {}, 'ok');
    expect(await (await answer).text()).toBe('ok');
  });
});
