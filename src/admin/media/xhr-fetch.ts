/** Upload progress: the fraction of the request body sent so far, from 0 to 1. */
export type OnProgress = (fraction: number) => void;

/** Statuses whose Response has no body (its constructor throws if given one). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** Headers from XMLHttpRequest's raw "name: value" lines. */
function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/**
 * A fetch that sends through XMLHttpRequest, the one browser API that reports upload progress,
 * and tells `onProgress` how much of the body went out. Like fetch, it resolves a Response (status,
 * headers, body) whatever the status, and rejects with a TypeError when the request fails, or with
 * the signal's reason when `signal` aborts it.
 */
export function progressFetch(onProgress: OnProgress): typeof fetch {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? new Request(input, init) : undefined;
    const url = request ? request.url : String(input);
    const method = request?.method ?? init?.method ?? 'GET';
    const headers = request?.headers ?? new Headers(init?.headers);
    const signal = request?.signal ?? init?.signal ?? undefined;
    const credentials = request?.credentials ?? init?.credentials;
    const source = request ? request.body : init?.body;
    // XMLHttpRequest cannot send a stream: it is read whole first.
    const body = source instanceof ReadableStream ? await new Response(source).blob() : source;

    return new Promise<Response>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const xhr = new XMLHttpRequest();
      const abort = () => xhr.abort();
      signal?.addEventListener('abort', abort, { once: true });
      const fail = () => {
        signal?.removeEventListener('abort', abort);
        reject(signal?.aborted ? signal.reason : new TypeError(`Network request failed: ${url}`));
      };
      xhr.onerror = fail;
      xhr.onabort = fail;
      xhr.ontimeout = fail;
      xhr.onload = () => {
        // A status outside 200–599 (0 for some local schemes) cannot make a Response.
        if (xhr.status < 200 || xhr.status > 599) return fail();
        signal?.removeEventListener('abort', abort);
        const received: Blob | null = xhr.response;
        resolve(
          new Response(NULL_BODY_STATUSES.has(xhr.status) ? null : received, {
            status: xhr.status,
            statusText: xhr.statusText,
            headers: parseHeaders(xhr.getAllResponseHeaders()),
          }),
        );
      };
      // Upload listeners must be in place before send(), or the browser reports nothing.
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) {
          onProgress(Math.min(1, event.loaded / event.total));
        }
      };
      xhr.open(method, url);
      xhr.responseType = 'blob';
      xhr.withCredentials = credentials === 'include';
      headers.forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.send(body ?? null);
    });
  };
}
