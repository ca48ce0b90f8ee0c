import { httpUrl, referrerKind, taggedSource } from './request-arrival.ts';

/**
 * Where a visitor came from, as a category only (docs/decisions/078-agenda-figures-sources.md):
 * computed from the referring page and the address the visitor landed on, never stored with
 * anything about the person. Shared by the server's rendering of the form and the browser.
 */
export const REQUEST_SOURCES = [
  'moteur_de_recherche',
  'google_maps',
  'reseau_social',
  'autre_site',
  'direct',
  'campagne',
] as const;

export type RequestSource = (typeof REQUEST_SOURCES)[number];

/** What the form's two hidden fields carry; `campagne` is set for a campaign only. */
export interface SourceFields {
  source: RequestSource;
  campagne: string;
}

/** The words of each category on the statistics page. */
export const SOURCE_LABELS: Record<RequestSource | 'inconnue', string> = {
  moteur_de_recherche: 'Moteur de recherche',
  google_maps: 'Google Maps / fiche Google',
  reseau_social: 'Réseau social',
  autre_site: 'Autre site',
  direct: 'Accès direct',
  campagne: 'Campagne',
  inconnue: 'Inconnue',
};

// A host ends with one of these names (« www.google.fr » ends with « google.fr »…).
const SEARCH_ENGINES = [
  /(^|\.)google\.[a-z.]+$/,
  /(^|\.)bing\.com$/,
  /(^|\.)qwant\.com$/,
  /(^|\.)duckduckgo\.com$/,
  /(^|\.)ecosia\.org$/,
  /(^|\.)yahoo\.[a-z.]+$/,
  /(^|\.)yandex\.[a-z.]+$/,
  /(^|\.)baidu\.com$/,
  /(^|\.)startpage\.com$/,
  /(^|\.)search\.brave\.com$/,
  /(^|\.)lilo\.org$/,
];

const SOCIAL_NETWORKS = [
  /(^|\.)facebook\.com$/,
  /(^|\.)fb\.com$/,
  /(^|\.)fb\.me$/,
  /(^|\.)instagram\.com$/,
  /^t\.co$/,
  /(^|\.)twitter\.com$/,
  /(^|\.)x\.com$/,
  /(^|\.)linkedin\.com$/,
  /^lnkd\.in$/,
  /(^|\.)tiktok\.com$/,
  /(^|\.)youtube\.com$/,
  /^youtu\.be$/,
  /(^|\.)pinterest\.[a-z.]+$/,
  /(^|\.)snapchat\.com$/,
  /(^|\.)whatsapp\.com$/,
  /(^|\.)threads\.net$/,
  /(^|\.)bsky\.app$/,
  /(^|\.)reddit\.com$/,
];

const GOOGLE = /(^|\.)google\.[a-z.]+$/;

/** Google Maps and the garage's Google Business Profile (its page, its short links). */
function isGoogleMaps(url: URL): boolean {
  const host = url.hostname;
  if (/^maps\.google\.[a-z.]+$/.test(host) || host === 'maps.app.goo.gl') return true;
  if (host === 'business.google.com' || host === 'g.page') return true;
  return GOOGLE.test(host) && url.pathname.startsWith('/maps');
}

const matches = (host: string, list: readonly RegExp[]) => list.some((re) => re.test(host));

/** A campaign's name as submit_request keeps it: lower case, 60 characters of a-z 0-9 . _ -. */
function campaignName(value: string): string | null {
  const name = value.trim().toLowerCase();
  return /^[a-z0-9._-]{1,60}$/.test(name) ? name : null;
}

const category = (source: RequestSource): SourceFields => ({ source, campagne: '' });

export interface SourceInput {
  /** The page the visitor came from (the Referer header, or document.referrer); '' when none. */
  referrer: string | null | undefined;
  /** The address the visitor landed on, with its query (absolute, or a path with its query). */
  landing: string;
  /** The site's own hosts: a referrer there is a move inside the site, not an arrival. */
  ownHosts: readonly string[];
}

/**
 * What an address's own parameters say, written by the garage on purpose: `?source=google` (the
 * link of a Google Business Profile's booking button) or `utm_source=google` with `utm_medium=gbp`
 * / `organic` from the profile → google_maps; another `utm_source` → campagne, with its name.
 */
function fromTags(address: URL | null): SourceFields | null {
  const params = address?.searchParams;
  const tagged = taggedSource(params);
  if (!tagged) return null;
  const medium = (params?.get('utm_medium') ?? '').trim().toLowerCase();
  if (tagged === 'google' && (params?.has('source') || /^(gbp|gmb|maps|organic)$/.test(medium)))
    return category('google_maps');
  if (/^(gbp|gmb|google_?maps|google_?business)$/.test(tagged)) return category('google_maps');
  const name = campaignName(tagged);
  return name ? { source: 'campagne', campagne: name } : null;
}

/**
 * The category of a visit's arrival. The landing address's parameters win over the referrer.
 * A move inside the site tells nothing (null: the arrival was earlier), unless the page left is a
 * tagged address: the visitor landed there and followed a link before that page's script could
 * keep the arrival (a slow phone), and the site's referrer policy gives a page of its own its full
 * address.
 */
export function requestSource({ referrer, landing, ownHosts }: SourceInput): SourceFields | null {
  const tagged = fromTags(httpUrl(landing, 'https://localhost/'));
  if (tagged) return tagged;
  const kind = referrerKind(referrer, ownHosts);
  if (kind === 'direct') return category('direct');
  if (kind === 'inside') return fromTags(httpUrl(referrer));
  const from = httpUrl(referrer)!;
  const host = from.hostname.toLowerCase();
  if (isGoogleMaps(from)) return category('google_maps');
  if (matches(host, SEARCH_ENGINES)) return category('moteur_de_recherche');
  if (matches(host, SOCIAL_NETWORKS)) return category('reseau_social');
  return category('autre_site');
}

/** The form's hidden fields read back: a known category and a well-formed campaign, else null. */
export function sourceFields(source: unknown, campagne: unknown): SourceFields | null {
  if (typeof source !== 'string' || !(REQUEST_SOURCES as readonly string[]).includes(source))
    return null;
  if (source !== 'campagne') return category(source as RequestSource);
  const name = typeof campagne === 'string' ? campaignName(campagne) : null;
  return name ? { source: 'campagne', campagne: name } : null;
}
