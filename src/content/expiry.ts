import { nextParisMidnight } from '../lib/hours/paris-day.ts';
import { EXPIRING_FIELDS } from './generated/expiry.ts';

/**
 * One field whose content ends at a date or an instant, as `npm run gen` lists it from the
 * schemas' `"x-expires": true` (scripts/gen/expiry.ts, docs/decisions/088-content-that-expires.md).
 */
export interface ExpiringField {
  /** The site_content type. */
  type: string;
  /** Property names from the content's root to the field; `*` stands for each item of a list. */
  path: string[];
  /**
   * `date`: the content ends with that day in Paris, at the midnight after it;
   * `date-time`: it ends at that instant.
   */
  format: 'date' | 'date-time';
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The instant a field's value ends, or undefined for a value that names none. */
export function endOf(value: unknown, format: ExpiringField['format']): number | undefined {
  if (typeof value !== 'string') return undefined;
  if (format === 'date-time') {
    const at = Date.parse(value);
    return Number.isNaN(at) ? undefined : at;
  }
  const match = DATE.exec(value);
  if (!match) return undefined;
  // Noon UTC falls within that calendar day in Paris (one or two hours ahead of UTC).
  return nextParisMidnight(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12));
}

/** The values at `path` under `node` (every item of a list at `*`). */
function valuesAt(node: unknown, path: readonly string[]): unknown[] {
  if (path.length === 0) return [node];
  if (typeof node !== 'object' || node === null) return [];
  const [head, ...rest] = path as [string, ...string[]];
  if (head === '*') return Array.isArray(node) ? node.flatMap((item) => valuesAt(item, rest)) : [];
  return valuesAt((node as Record<string, unknown>)[head], rest);
}

/**
 * The earliest instant after `now` at which some of `content` ends, by the fields the schemas
 * declare (`fields`); undefined when nothing shown ends later. Content already ended is left out: the
 * public components hide it. Only declared fields are read, and every list on their way is bounded
 * by its schema's maxItems (the generator refuses an unbounded one), so the work does not grow
 * with the data.
 */
export function contentExpiry(
  content: Readonly<Record<string, unknown>>,
  now: number,
  fields: readonly ExpiringField[] = EXPIRING_FIELDS,
): number | undefined {
  let earliest: number | undefined;
  for (const { type, path, format } of fields) {
    for (const value of valuesAt(content[type], path)) {
      const end = endOf(value, format);
      if (end !== undefined && end > now && (earliest === undefined || end < earliest))
        earliest = end;
    }
  }
  return earliest;
}
