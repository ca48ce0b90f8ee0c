import { vi } from 'vitest';

type Handler = ((event: ProgressEvent) => void) | null;

/** ProgressEvent is a browser class (Node has none): an Event with its three numbers. */
function progressEvent(type: string, loaded = 0, total = 0): ProgressEvent {
  return Object.assign(new Event(type), { lengthComputable: total > 0, loaded, total });
}

/**
 * A stand-in for the browser's XMLHttpRequest, to install with
 * `vi.stubGlobal('XMLHttpRequest', FakeXhr)`: it records each request sent, and the test answers
 * it (progress, response, network error) as a browser would, through the same handlers.
 */
export class FakeXhr {
  /** The requests sent since the last `reset()`, oldest first. */
  static sent: FakeXhr[] = [];

  static reset(): void {
    FakeXhr.sent = [];
  }

  /** The request sent at `index`, once the code under test has sent it. */
  static async request(index = 0): Promise<FakeXhr> {
    return vi.waitFor(() => {
      const request = FakeXhr.sent[index];
      if (!request) throw new Error(`request ${index} not sent yet`);
      return request;
    });
  }

  method = '';
  url = '';
  body: unknown;
  responseType = '';
  withCredentials = false;
  aborted = false;
  /** Request headers, by lowercase name. */
  readonly requestHeaders: Record<string, string> = {};
  readonly upload: { onprogress: Handler } = { onprogress: null };
  onload: Handler = null;
  onerror: Handler = null;
  onabort: Handler = null;
  ontimeout: Handler = null;
  status = 0;
  statusText = '';
  response: Blob | null = null;
  private rawHeaders = '';

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.requestHeaders[name.toLowerCase()] = value;
  }

  send(body: unknown): void {
    this.body = body;
    FakeXhr.sent.push(this);
  }

  abort(): void {
    this.aborted = true;
    this.onabort?.(progressEvent('abort'));
  }

  getAllResponseHeaders(): string {
    return this.rawHeaders;
  }

  /** The browser reports that `loaded` of `total` bytes of the body went out. */
  progress(loaded: number, total: number): void {
    this.upload.onprogress?.(progressEvent('progress', loaded, total));
  }

  /** The server answers. */
  respond(status: number, headers: Record<string, string>, body: string, statusText = ''): void {
    this.status = status;
    this.statusText = statusText;
    this.rawHeaders = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    this.response = new Blob([body]);
    this.onload?.(progressEvent('load'));
  }

  /** The connection fails (offline, refused, CORS). */
  fail(): void {
    this.onerror?.(progressEvent('error'));
  }
}
