/**
 * Lighthouse (npm) on Debian's Chromium, with the mobile defaults (Moto G Power emulation,
 * simulated slow 4G and 4× CPU slowdown): the helper behind `npm run bench:web` and
 * tests/browser/lighthouse.spec.ts.
 */
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { launch, type LaunchedChrome } from 'chrome-launcher';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Flags that keep Chromium off the (closed) network and stable in containers. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface NetworkRequest {
  url: string;
  resourceType: string;
  mimeType: string;
  /** Bytes on the wire, headers included. */
  transferSize: number;
  /** Bytes of the decoded body. */
  resourceSize: number;
}

export interface PageReport {
  url: string;
  /** Category scores, 0–100. */
  scores: Record<Category, number>;
  /** Largest Contentful Paint and Total Blocking Time, in ms; Cumulative Layout Shift. */
  lcp: number;
  tbt: number;
  cls: number;
  requests: NetworkRequest[];
  /** Audits of a category that did not score 1, for a readable failure. */
  failing: Record<Category, string[]>;
}

/** Starts Debian's Chromium for Lighthouse, runs `fn`, then stops it. */
export async function withChromium<T>(fn: (chrome: LaunchedChrome) => Promise<T>): Promise<T> {
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: 'error',
  });
  try {
    return await fn(chrome);
  } finally {
    chrome.kill();
  }
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function numeric(lhr: Lhr, id: string): number {
  return lhr.audits[id]?.numericValue ?? Number.NaN;
}

/** Runs Lighthouse on one URL (mobile settings, the four categories). */
export async function auditPage(
  chrome: LaunchedChrome,
  url: string,
  categories: readonly Category[] = CATEGORIES,
): Promise<PageReport> {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...categories],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const scores = {} as Record<Category, number>;
  const failing = {} as Record<Category, string[]>;
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    scores[id] = category?.score == null ? Number.NaN : Math.round(category.score * 100);
    failing[id] = (category?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id]!)
      .filter((audit) => audit.score !== null && audit.score < 1)
      .map((audit) => `${audit.id}: ${audit.title}`);
  }
  const details = lhr.audits['network-requests']?.details as
    { items?: Partial<NetworkRequest>[] } | undefined;
  const requests = (details?.items ?? []).map((item) => ({
    url: item.url ?? '',
    resourceType: item.resourceType ?? '',
    mimeType: item.mimeType ?? '',
    transferSize: item.transferSize ?? 0,
    resourceSize: item.resourceSize ?? 0,
  }));
  return {
    url,
    scores,
    lcp: numeric(lhr, 'largest-contentful-paint'),
    tbt: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    requests,
    failing,
  };
}

const TEXT = /^(text\/|application\/(javascript|json|xml|ld\+json|manifest\+json)|image\/svg\+xml)/;

export interface PageWeight {
  /** JavaScript the page loaded, gzip-compressed (level 6, as servers do). */
  jsGzip: number;
  /** Every resource the page loaded, text gzip-compressed, images and fonts as they are. */
  totalGzip: number;
  /** What actually went over the wire (our server compresses text for browsers that accept gzip). */
  transfer: number;
}

/** Weighs what a page loaded, fetching each text resource again to compress it. */
export async function pageWeight(report: PageReport): Promise<PageWeight> {
  let jsGzip = 0;
  let totalGzip = 0;
  let transfer = 0;
  for (const request of report.requests) {
    if (!/^https?:/.test(request.url)) continue;
    // A request that got no answer (a third party unreachable from this machine, such as the
    // partner's slideshow) loaded nothing: Chrome's error page in its place is not the site's.
    if (request.transferSize === 0 && request.mimeType === '') continue;
    transfer += request.transferSize;
    let size = request.resourceSize || request.transferSize;
    if (TEXT.test(request.mimeType)) {
      const response = await fetch(request.url);
      size = gzipSync(Buffer.from(await response.arrayBuffer()), { level: 6 }).length;
    }
    totalGzip += size;
    if (request.resourceType === 'Script') jsGzip += size;
  }
  return { jsGzip, totalGzip, transfer };
}
