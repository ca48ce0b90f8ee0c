/**
 * JavaScript regular expressions (ajv's `pattern`, our formats) rewritten as PostgreSQL advanced
 * regular expressions that accept exactly the same strings, whatever the database's locale.
 *
 * The two dialects share their syntax but not their classes: JavaScript's `\s` is a fixed list of
 * Unicode spaces while PostgreSQL's follows the locale (ASCII only under C), `\d`/`\w` likewise,
 * and PostgreSQL's `.` also matches line breaks. Every class is therefore written out explicitly.
 * Case-insensitive expressions spell each letter's two cases, so that no locale's case folding is
 * involved either. Only a well-understood subset is translated; anything else (backreferences,
 * lookbehind, named groups, Unicode properties, word boundaries…) is refused with a French error,
 * rather than risking a database that disagrees with the browser. See
 * docs/decisions/009-schema-driven-content.md.
 */

/** JavaScript's WhiteSpace and LineTerminator characters, the set `\s` matches. */
const SPACES =
  '\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';
const DIGITS = '0-9';
const WORD = 'A-Za-z0-9_';
/** What JavaScript's `.` matches: anything but a line terminator. */
const DOT = '[^\\n\\r\\u2028\\u2029]';

/** Non-ASCII characters whose Unicode simple case folding is an ASCII letter. */
const FOLDED_TO: Record<string, string[]> = { s: ['\u017f'], k: ['\u212a'] };

const CLASS_ESCAPES: Record<string, string> = { s: SPACES, d: DIGITS, w: WORD };
const CONTROL_ESCAPES: Record<string, string> = {
  t: '\t',
  n: '\n',
  r: '\r',
  v: '\v',
  f: '\f',
};

/**
 * Control and format characters (line breaks, direction overrides…), which the generated SQL
 * spells as escapes: a migration never carries an invisible character.
 */
const INVISIBLE = /^[\p{Cc}\p{Cf}]$/u;
const escaped = (char: string) => `\\u${char.codePointAt(0)!.toString(16).padStart(4, '0')}`;

/** A literal character, escaped for use outside a bracket expression. */
function literal(char: string): string {
  if (INVISIBLE.test(char) && char.codePointAt(0)! <= 0xffff) return escaped(char);
  return /[\\^$.|?*+()[\]{}]/.test(char) ? `\\${char}` : char;
}

/** A literal character, escaped for use inside a bracket expression. */
function classLiteral(char: string): string {
  if (INVISIBLE.test(char) && char.codePointAt(0)! <= 0xffff) return escaped(char);
  return /[\\\]^[-]/.test(char) ? `\\${char}` : char;
}

export class RegexError extends Error {}

/**
 * The PostgreSQL expression equivalent to `new RegExp(pattern, flags + 'u')` for `test()`; `flags`
 * may only be '' or 'i'. Throws a RegexError (French) for a construct it does not translate.
 */
export function toPostgresRegex(pattern: string, flags = ''): string {
  if (!/^i?$/.test(flags))
    throw new RegexError(`options d’expression non prises en charge : ${flags}`);
  const ignoreCase = flags === 'i';
  const chars = Array.from(pattern);
  let i = 0;
  let out = '';
  const refuse = (what: string): never => {
    throw new RegexError(`${what} non pris en charge dans l’expression ${JSON.stringify(pattern)}`);
  };

  /** Reads an escape after the backslash; returns a class body (`class`) or one character. */
  const escape = (): { class: string; negated: boolean } | { char: string } => {
    const c = chars[i++];
    if (c === undefined) return refuse('une barre oblique inverse finale');
    const lower = c.toLowerCase();
    if (lower in CLASS_ESCAPES && 'sdwSDW'.includes(c)) {
      // Under `iu`, JavaScript's \w also takes the characters that fold to its letters.
      const extra = ignoreCase && lower === 'w' ? Object.values(FOLDED_TO).flat().join('') : '';
      return { class: CLASS_ESCAPES[lower]! + extra, negated: c !== lower };
    }
    if (c in CONTROL_ESCAPES) return { char: CONTROL_ESCAPES[c]! };
    if (c === '0' && !/[0-9]/.test(chars[i] ?? '')) return { char: '\0' };
    if (c === 'x' || c === 'u') {
      const length = c === 'x' ? 2 : 4;
      const hex = chars.slice(i, i + length).join('');
      if (!new RegExp(`^[0-9a-fA-F]{${length}}$`).test(hex)) return refuse(`« \\${c} »`);
      i += length;
      const code = parseInt(hex, 16);
      if (code >= 0xd800 && code <= 0xdfff) return refuse('une moitié de paire UTF-16');
      return { char: String.fromCodePoint(code) };
    }
    if (/[A-Za-z0-9]/.test(c)) return refuse(`« \\${c} »`);
    return { char: c };
  };

  /**
   * Every character JavaScript's `iu` matching equates with an ASCII letter (its two cases, plus
   * the long s and the Kelvin sign, which Unicode folds to s and k), else the character itself.
   */
  const cases = (char: string): string[] => {
    if (!ignoreCase || !/[A-Za-z]/.test(char)) return [char];
    const lower = char.toLowerCase();
    return [lower, lower.toUpperCase(), ...(FOLDED_TO[lower] ?? [])];
  };

  const bracket = (): string => {
    let negated = false;
    if (chars[i] === '^') {
      negated = true;
      i++;
    }
    let body = '';
    let first = true;
    for (;;) {
      const c = chars[i++];
      if (c === undefined) return refuse('un crochet non fermé');
      if (c === ']' && !first) break;
      if (c === ']') return refuse('une classe vide');
      first = false;
      let start: string;
      if (c === '\\') {
        const e = escape();
        if ('class' in e) {
          if (e.negated) return refuse('« \\S », « \\D » ou « \\W » entre crochets');
          body += e.class;
          continue;
        }
        start = e.char;
      } else if (c === '[') {
        return refuse('« [ » entre crochets');
      } else {
        start = c;
      }
      if (chars[i] === '-' && chars[i + 1] !== undefined && chars[i + 1] !== ']') {
        i++;
        let end = chars[i++]!;
        if (end === '\\') {
          const e = escape();
          if ('class' in e) return refuse('une plage vers une classe');
          end = e.char;
        }
        if (start.codePointAt(0)! > end.codePointAt(0)!) return refuse('une plage à l’envers');
        if (ignoreCase && /[A-Za-z]/.test(start + end))
          return refuse('une plage de lettres avec « i »');
        body += `${classLiteral(start)}-${classLiteral(end)}`;
      } else {
        body += cases(start).map(classLiteral).join('');
      }
    }
    return `[${negated ? '^' : ''}${body}]`;
  };

  while (i < chars.length) {
    const c = chars[i++]!;
    switch (c) {
      case '\\': {
        const e = escape();
        if ('class' in e) out += `[${e.negated ? '^' : ''}${e.class}]`;
        else out += cases(e.char).length > 1 ? `[${cases(e.char).join('')}]` : literal(e.char);
        break;
      }
      case '[':
        out += bracket();
        break;
      case '.':
        out += DOT;
        break;
      case '(': {
        if (chars[i] !== '?') {
          out += '(?:';
          break;
        }
        const kind = chars[i + 1];
        if (kind === ':' || kind === '=' || kind === '!') {
          out += `(?${kind}`;
          i += 2;
          break;
        }
        return refuse('ce groupe « (? »');
      }
      case '{': {
        const match = /^(\d+)(,(\d*))?\}/.exec(chars.slice(i).join(''));
        if (!match || out === '') return refuse('« { » hors d’une répétition');
        out += `{${match[0]}`;
        i += Array.from(match[0]).length;
        break;
      }
      case ')':
      case '|':
      case '^':
      case '$':
      case '*':
      case '+':
      case '?':
        out += c;
        break;
      case ']':
      case '}':
        return refuse(`« ${c} » seul`);
      default:
        out += cases(c).length > 1 ? `[${cases(c).join('')}]` : literal(c);
    }
  }
  // JavaScript must accept it too, in the Unicode mode both ajv's patterns and our formats use.
  try {
    new RegExp(pattern, `${flags}u`);
  } catch {
    return refuse('cette expression (invalide en JavaScript)');
  }
  return out;
}
