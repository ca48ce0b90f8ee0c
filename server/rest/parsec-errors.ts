/**
 * Parse errors as Parsec builds and words them: kinds of messages, Haskell's `show` of the
 * characters they quote, and `showErrorMessages` as PostgREST calls it.
 */

/** Parsec's message kinds, in the order it sorts them. */
export const Kind = { SysUnExpect: 0, UnExpect: 1, Expect: 2 } as const;
export type Kind = (typeof Kind)[keyof typeof Kind];

export interface Message {
  kind: Kind;
  /** Rendered only when an error is reported: most errors are dropped by `<|>`. */
  text: string | (() => string);
}

export interface ParseError {
  /** Index into the input's code points. */
  pos: number;
  messages: Message[];
}

/** Haskell's `show` of a string: printable ASCII as is, everything else as a decimal escape. */
export function showString(s: string): string {
  const names = ['NUL', 'SOH', 'STX', 'ETX', 'EOT', 'ENQ', 'ACK', 'a', 'b', 't', 'n', 'v', 'f'];
  const more = ['r', 'SO', 'SI', 'DLE', 'DC1', 'DC2', 'DC3', 'DC4', 'NAK', 'SYN', 'ETB', 'CAN'];
  const control = [...names, ...more, 'EM', 'SUB', 'ESC', 'FS', 'GS', 'RS', 'US'];
  const chars = Array.from(s);
  let out = '"';
  chars.forEach((c, i) => {
    const code = c.codePointAt(0)!;
    const next = chars[i + 1] ?? '';
    if (c === '"') out += '\\"';
    else if (c === '\\') out += '\\\\';
    else if (code >= 0x20 && code < 0x7f) out += c;
    else if (code === 0x7f) out += '\\DEL';
    else if (code < 0x20) out += `\\${control[code]}${code === 14 && next === 'H' ? '\\&' : ''}`;
    else out += `\\${code}${/[0-9]/.test(next) ? '\\&' : ''}`;
  });
  return out + '"';
}

/** Haskell's `show` of one character, as `notFollowedBy` and `eof` print it. */
export const showChar = (c: string): string =>
  c === "'" ? "'\\''" : `'${showString(c).slice(1, -1).replace(/\\"/g, '"')}'`;

/** Parsec's message for an error, as PostgREST words it: the position, then the details. */
export function describe(
  name: string,
  input: readonly string[],
  error: ParseError,
): { message: string; details: string } {
  let line = 1;
  let column = 1;
  for (const c of input.slice(0, error.pos)) {
    if (c === '\n') [line, column] = [line + 1, 1];
    else if (c === '\t') column += 8 - ((column - 1) % 8);
    else column++;
  }
  const sorted = [...error.messages]
    .sort((a, b) => a.kind - b.kind)
    .map((m) => ({ kind: m.kind, text: typeof m.text === 'string' ? m.text : m.text() }));
  const texts = (kind: Kind) => [
    ...new Set(sorted.filter((m) => m.kind === kind && m.text !== '').map((m) => m.text)),
  ];
  const commasOr = (ms: string[]) =>
    ms.length <= 1 ? (ms[0] ?? '') : `${ms.slice(0, -1).join(', ')} or ${ms.at(-1)}`;
  const sysList = sorted.filter((m) => m.kind === Kind.SysUnExpect);
  const anyUnexpected = sorted.some((m) => m.kind === Kind.UnExpect);
  const unexpected = texts(Kind.UnExpect);
  const expected = texts(Kind.Expect);
  const parts = [
    anyUnexpected || sysList.length === 0 ? '' : `unexpected ${sysList[0]!.text || 'end of input'}`,
    unexpected.length > 0 ? `unexpected ${commasOr(unexpected)}` : '',
    expected.length > 0 ? `expecting ${commasOr(expected)}` : '',
  ];
  return {
    message: `"${name}" (line ${line}, column ${column})`,
    details: parts.filter(Boolean).join(' ').trim(),
  };
}
