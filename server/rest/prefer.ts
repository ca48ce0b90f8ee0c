/**
 * The `Prefer` header, read as PostgREST 12 reads it: comma-separated, each preference taken at
 * its first occurrence, unknown ones ignored unless `handling=strict` asks for an error.
 */
import type { Database } from '../db/database.ts';
import { RestError, unsupported } from './errors.ts';

export interface Preferences {
  return: 'minimal' | 'representation' | 'headers-only' | null;
  count: boolean;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  missing: 'default' | 'null' | null;
  handling: 'strict' | 'lenient' | null;
  /** A time zone Postgres knows, to render timestamps in (`timezone=Europe/Paris`). */
  timezone: string | null;
  singleObject: boolean;
  /** The preferences PostgREST would not recognize, in the order given. */
  invalid: string[];
}

const KNOWN = {
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  return: ['representation', 'minimal', 'headers-only'],
  params: ['single-object'],
  count: ['exact', 'planned', 'estimated'],
  tx: ['commit', 'rollback'],
  missing: ['default', 'null'],
  handling: ['strict', 'lenient'],
} as const;
const ACCEPTED = new Set(
  Object.entries(KNOWN).flatMap(([key, values]) => values.map((v) => `${key}=${v}`)),
);

/** The values given, trimmed, in order (several `Prefer` headers arrive joined by commas). */
function preferValues(headers: Headers): string[] {
  return (headers.get('prefer') ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

/** Whether the request names a time zone, so that the list of known ones must be at hand. */
export function wantsTimezone(headers: Headers): boolean {
  return preferValues(headers).some((v) => v.startsWith('timezone='));
}

/** Postgres' time zone names, read once per database and only when a request names one. */
const timezoneCache = new WeakMap<Database, Promise<Set<string>>>();
export function timezoneNames(db: Database): Promise<Set<string>> {
  let names = timezoneCache.get(db);
  if (!names) {
    names = db
      .transaction((tx) => tx.query<{ name: string }>('select name from pg_timezone_names'))
      .then(({ rows }) => new Set(rows.map((r) => r.name)));
    timezoneCache.set(db, names);
    names.catch(() => timezoneCache.delete(db));
  }
  return names;
}

export function parsePrefer(headers: Headers, timezones: Set<string> | null = null): Preferences {
  const values = preferValues(headers);
  const first = <K extends keyof typeof KNOWN>(key: K): (typeof KNOWN)[K][number] | null => {
    const found = values.find((v) => ACCEPTED.has(v) && v.startsWith(`${key}=`));
    return found ? (found.slice(key.length + 1) as (typeof KNOWN)[K][number]) : null;
  };
  const zone = values.find((v) => v.startsWith('timezone='))?.slice('timezone='.length) ?? null;
  const timezone = zone !== null && timezones?.has(zone) ? zone : null;
  const count = first('count');
  if (count === 'planned' || count === 'estimated') {
    throw unsupported(`Prefer: count=${count}`, 'Seul count=exact est disponible.');
  }
  // PostgREST 12 counts no preference as invalid once a valid time zone is given.
  const invalid = timezone ? [] : values.filter((v) => !ACCEPTED.has(v));
  // A limit the client relies on for safety must not be silently ignored.
  const maxAffected = values.find((v) => v.startsWith('max-affected='));
  if (maxAffected) throw unsupported(`Prefer: ${maxAffected}`);
  return {
    return: first('return'),
    count: count === 'exact',
    resolution: first('resolution'),
    missing: first('missing'),
    handling: first('handling'),
    timezone,
    singleObject: first('params') === 'single-object',
    invalid,
  };
}

/** `handling=strict` with a preference PostgREST does not know: PGRST122. */
export function checkStrict(prefs: Preferences): void {
  if (prefs.handling === 'strict' && prefs.invalid.length > 0) {
    throw new RestError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${prefs.invalid.join(', ')}`,
    );
  }
}

type Applied = 'resolution' | 'missing' | 'return' | 'count' | 'handling' | 'timezone';

/** `Preference-Applied` with the preferences this kind of request honours, in PostgREST's order. */
export function appliedHeader(prefs: Preferences, honoured: Applied[]): string | null {
  const has = (k: Applied) => honoured.includes(k);
  const parts = [
    has('resolution') && prefs.resolution && `resolution=${prefs.resolution}`,
    has('missing') && prefs.missing && `missing=${prefs.missing}`,
    has('return') && prefs.return && `return=${prefs.return}`,
    has('count') && prefs.count && 'count=exact',
    has('handling') && prefs.handling && `handling=${prefs.handling}`,
    has('timezone') && prefs.timezone && `timezone=${prefs.timezone}`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}
