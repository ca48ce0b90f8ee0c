/**
 * Documents made from a JSON Schema for the differential test of the database check: mostly
 * valid ones, then mutations of them (a field removed, retyped, blanked, lengthened to a bound, an
 * unknown field, a list item repeated or dropped…), so that both verdicts are well represented.
 * Strings mix the characters where JavaScript and PostgreSQL are most likely to disagree: Unicode
 * spaces and line separators, characters outside the BMP (two UTF-16 code units, one code point),
 * letters that case-fold to ASCII, slashes and backslashes. Seeded: every run makes the same ones.
 * (No NUL and no lone surrogate: PostgreSQL cannot store them, so no document carries them.)
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = Record<string, unknown>;

/** mulberry32: small, fast, good enough to explore. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TRICKY = [
  ' ',
  '\t',
  '\n',
  '\r',
  '\v',
  '\f',
  '\u00a0',
  '\u1680',
  '\u2003',
  '\u2028',
  '\u2029',
  '\u202f',
  '\u3000',
  '\ufeff',
  '\u200b',
  '\u0085',
  '😀',
  '𝄞',
  'é',
  'e\u0301',
  'ſ',
  '\u212a',
  'İ',
  '٣',
  '/',
  '//',
  '\\',
  '@',
  '.',
  ':',
  '-',
  '_',
  '#',
  '?',
  "'",
  '"',
  '%',
  '\u0001',
  '\u007f',
];
const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const SLUG = 'abcdefghijklmnopqrstuvwxyz0123456789-';

export class DocumentMaker {
  private readonly rnd: () => number;
  /** While making a document meant to be valid: plain characters, lengths within the bounds. */
  private careful = false;

  constructor(
    private readonly root: Schema,
    seed: number,
  ) {
    this.rnd = random(seed);
  }

  private int(max: number): number {
    return Math.floor(this.rnd() * max);
  }
  private chance(p: number): boolean {
    return this.rnd() < p;
  }
  private pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)]!;
  }

  private resolve(node: Schema): Schema {
    const ref = node.$ref;
    if (typeof ref !== 'string') return node;
    const [, container, name] = /^#\/(definitions|\$defs)\/(.+)$/.exec(ref)!;
    return this.resolve((this.root[container!] as Record<string, Schema>)[name!]!);
  }

  /** A string of exactly `length` code points, from the alphabet or tricky characters. */
  private text(length: number, alphabet = PLAIN): string {
    let out = '';
    for (let i = 0; i < length; i++) {
      out +=
        !this.careful && this.chance(0.15) ? this.pickChar() : alphabet[this.int(alphabet.length)];
    }
    return out;
  }
  private pickChar(): string {
    const c = this.pick(TRICKY);
    return Array.from(c).length === 1 ? c : c[0]!;
  }

  /** Mostly well-formed, else one of the near misses. */
  private formatted(format: string): string {
    const clean = this.careful || this.chance(0.6);
    const word = () => {
      const length = 1 + this.int(8);
      return clean
        ? this.text(length, PLAIN.slice(0, 26)).replace(/[^a-z]/g, 'x')
        : this.text(length);
    };
    if (clean) {
      const good: Record<string, () => string> = {
        email: () => `${word()}@${word()}.fr`,
        uri: () => `https://${word()}.fr/${word()}?q=${word()}`,
        'uri-reference': () => this.pick([`/images/${word()}.svg`, `https://${word()}.fr/`]),
        'date-time': () => `2026-11-${10 + this.int(20)}T0${this.int(10)}:30:00Z`,
      };
      if (good[format]) return good[format]();
    }
    switch (format) {
      case 'email':
        return this.pick([
          `${word()}@${word()}.${word()}`,
          `${word()}@${word()}`,
          `${word()} @${word()}.fr`,
          `@${word()}.fr`,
        ]);
      case 'uri':
      case 'uri-reference':
        return this.pick([
          `https://${word()}.fr/${word()}`,
          `HTTP://${word()}`,
          `httpſ://${word()}.fr`,
          `/images/${word()}.svg`,
          `//${word()}.fr/x`,
          `/\\${word()}`,
          `javascript:${word()}`,
          `https://${word()} ${word()}`,
          `https:///${word()}`,
          `/`,
        ]);
      case 'date-time':
        return this.pick([
          '2026-11-23T05:30:53.123456+00:00',
          '2026-11-23 05:30Z',
          '2026-11-23t05:30:53-0130',
          '2026-11-23T05:30:53',
          '2026-1-23T05:30Z',
          '٢٠٢٦-11-23T05:30Z',
          `2026-11-23T05:30:53.${this.int(1000)}+01`,
        ]);
      default:
        return word();
    }
  }

  private string(node: Schema): string {
    if (typeof node.format === 'string' && this.chance(0.9)) return this.formatted(node.format);
    const min = typeof node.minLength === 'number' ? node.minLength : 0;
    const max = typeof node.maxLength === 'number' ? node.maxLength : min + 12;
    // Near a bound, sometimes on the wrong side of it.
    let length: number;
    const r = this.rnd();
    if (this.careful) length = Math.max(min, 1) + this.int(Math.min(max, min + 20) - min);
    else if (r < 0.1) length = Math.max(0, min - 1);
    else if (r < 0.2 && max - min < 3000) length = max + (this.chance(0.5) ? 1 : 0);
    else length = min + this.int(Math.min(max, min + 20) - min + 1);
    const alphabet = typeof node.pattern === 'string' && node.pattern !== '\\S' ? SLUG : PLAIN;
    let text = this.text(length, alphabet);
    // Lengths in code points: characters outside the BMP count once.
    if (this.chance(0.1) && length > 0) text = '😀'.repeat(length);
    if (this.careful) return text;
    if (this.chance(0.05)) text = this.pick([' ', '\u00a0\u3000', '\n\t', '\u2028']);
    return text;
  }

  private number(node: Schema, integer: boolean): number {
    const bounds = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf']
      .map((k) => node[k])
      .filter((v): v is number => typeof v === 'number');
    const candidates = [
      ...bounds.flatMap((b) => [b, b - 1, b + 1, b - 0.5, b * 3, b + 1e-10]),
      0,
      -0,
      7,
      -3,
      0.1 + 0.2,
      2.5,
      1e21,
      -1e21,
      1e-7,
      2 ** 53 + 2,
      Math.round((this.rnd() - 0.5) * 2000),
      (this.rnd() - 0.5) * 2000,
    ];
    const n = this.careful && bounds.length ? this.pick(bounds) : this.pick(candidates);
    return integer && this.chance(0.8) ? Math.round(n) : n;
  }

  /** A document meant to match `schema`: carefully made half of the time. */
  document(schema: Schema): Json {
    this.careful = this.chance(0.5);
    try {
      return this.valid(schema);
    } finally {
      this.careful = false;
    }
  }

  /** A value meant to match `node` (mutations come later). */
  valid(nodeIn: Schema | boolean, depth = 0): Json {
    if (typeof nodeIn === 'boolean') return this.any(depth);
    const node = this.resolve(nodeIn);
    if ('const' in node) return node.const as Json;
    if (Array.isArray(node.enum)) return this.pick(node.enum as Json[]);
    // A pattern random text seldom matches (a SIRET, a postal code): the schema's own examples.
    if (this.careful && Array.isArray(node.examples) && node.examples.length > 0) {
      return this.pick(node.examples as Json[]);
    }
    for (const key of ['oneOf', 'anyOf'] as const) {
      if (Array.isArray(node[key])) return this.valid(this.pick(node[key] as Schema[]), depth + 1);
    }
    if (Array.isArray(node.allOf) && node.type === undefined) {
      return this.valid((node.allOf as Schema[])[0]!, depth + 1);
    }
    const types =
      node.type === undefined ? ['string'] : ([] as string[]).concat(node.type as string);
    const type = this.pick(types);
    switch (type) {
      case 'null':
        return null;
      case 'boolean':
        return this.chance(0.5);
      case 'integer':
        return this.number(node, true);
      case 'number':
        return this.number(node, false);
      case 'string':
        return this.string(node);
      case 'array': {
        const min = typeof node.minItems === 'number' ? node.minItems : 0;
        const max = typeof node.maxItems === 'number' ? node.maxItems : min + 4;
        const length = depth > 4 ? min : min + this.int(max - min + 1);
        const items = node.items as Schema | undefined;
        return Array.from({ length }, () =>
          items ? this.valid(items, depth + 1) : this.any(depth),
        );
      }
      default: {
        const properties = (node.properties ?? {}) as Record<string, Schema>;
        const required = new Set((node.required as string[] | undefined) ?? []);
        const out: { [key: string]: Json } = {};
        for (const [key, child] of Object.entries(properties)) {
          if (required.has(key) || this.chance(0.6)) out[key] = this.valid(child, depth + 1);
        }
        const extra = node.additionalProperties;
        if (extra && typeof extra === 'object' && this.chance(0.5)) {
          out[`extra${this.int(3)}`] = this.valid(extra as Schema, depth + 1);
        }
        return out;
      }
    }
  }

  /** Any JSON value, small. */
  any(depth = 0): Json {
    switch (this.int(depth > 2 ? 5 : 7)) {
      case 0:
        return null;
      case 1:
        return this.chance(0.5);
      case 2:
        return this.pick([0, 1, -1, 2.5, 1e21, 3]);
      case 3:
        return this.text(this.int(6));
      case 4:
        return this.pick(['', ' ', '\u00a0', '😀', 'info', '/images/a.svg', 'https://a.fr']);
      case 5:
        return [this.any(depth + 1), this.any(depth + 1)].slice(0, this.int(3));
      default:
        return { [this.pick(['a', 'title', 'html', '', '😀'])]: this.any(depth + 1) };
    }
  }

  /** `doc` with one random change somewhere inside (a copy). */
  mutate(doc: Json): Json {
    const copy = structuredClone(doc);
    const spots: { parent: Json[] | { [key: string]: Json }; key: string | number }[] = [];
    const walk = (value: Json) => {
      if (Array.isArray(value)) {
        value.forEach((item, i) => {
          spots.push({ parent: value, key: i });
          walk(item);
        });
      } else if (value && typeof value === 'object') {
        for (const [key, item] of Object.entries(value)) {
          spots.push({ parent: value, key });
          walk(item);
        }
      }
    };
    walk(copy);
    if (spots.length === 0 || this.chance(0.03)) return this.any();
    const { parent, key } = this.pick(spots);
    const current = (parent as Record<string | number, Json>)[key]!;
    const change = this.int(8);
    if (Array.isArray(parent)) {
      const i = key as number;
      if (change === 0) parent.splice(i, 1);
      else if (change === 1) parent.splice(i, 0, structuredClone(current));
      else if (change === 2) parent.push(structuredClone(current));
      else parent[i] = this.replacement(current);
    } else {
      const record = parent;
      const k = key as string;
      if (change === 0) delete record[k];
      else if (change === 1) record[this.pick(['html', 'x-extra', '', '😀', 'Title'])] = 'x';
      else if (change === 2) record[k] = null;
      else record[k] = this.replacement(current);
    }
    return copy;
  }

  private replacement(current: Json): Json {
    if (typeof current === 'string' && this.chance(0.7)) {
      return this.pick([
        '',
        ' ',
        '\u00a0',
        '\u2028',
        '\ufeff',
        current + this.pickChar(),
        current + '😀',
        Array.from(current).slice(1).join(''),
        current.toUpperCase(),
        current.replace(/^https?:/i, 'javascript:'),
        `${current}${current}`,
      ]);
    }
    if (typeof current === 'number' && this.chance(0.7)) {
      return this.pick([current + 1, current - 1, current + 0.5, -current, current * 10]);
    }
    return this.any();
  }
}
