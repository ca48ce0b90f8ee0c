import { request } from 'node:http';

export interface AddressedAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * One request sent from a given loopback address (127.0.0.2, 127.0.0.3…), so that a test can
 * play several clients: the server sees that address as the client's. (fetch cannot choose its
 * source address.)
 */
export function requestFrom(
  localAddress: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<AddressedAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: init.method ?? 'GET', headers: init.headers, localAddress, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            text: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

/** A GoTrue password sign-in from `localAddress`, as supabase-js sends it. */
export function signInFrom(
  localAddress: string,
  server: { url: string; anonKey: string },
  credentials: { email: string; password: string },
  headers: Record<string, string> = {},
): Promise<AddressedAnswer> {
  return requestFrom(localAddress, `${server.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: {
      apikey: server.anonKey,
      'content-type': 'application/json',
      'x-supabase-api-version': '2024-01-01',
      ...headers,
    },
    body: JSON.stringify(credentials),
  });
}
