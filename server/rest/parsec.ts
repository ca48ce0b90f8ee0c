/**
 * A small port of Haskell's Parsec, the parser library PostgREST's query grammar is written in.
 * The grammar in `grammar-*.ts` is a line-by-line transcription of PostgREST 12's, and this module
 * reproduces Parsec's semantics (what consumes input, how errors of alternatives merge, what `try`
 * and `<?>` do), so that a malformed parameter gets PostgREST's error message, column included.
 */

import { Kind, type Message, type ParseError, showChar, showString } from './parsec-errors.ts';

export { describe, type ParseError, showChar, showString } from './parsec-errors.ts';

type Reply<T> =
  | { ok: true; consumed: boolean; value: T; pos: number; error: ParseError }
  | { ok: false; consumed: boolean; error: ParseError };

export type Parser<T> = (input: readonly string[], pos: number) => Reply<T>;

const unknownAt = (pos: number): ParseError => ({ pos, messages: [] });

function merge(a: ParseError, b: ParseError): ParseError {
  if (b.messages.length === 0 && a.messages.length > 0) return a;
  if (a.messages.length === 0 && b.messages.length > 0) return b;
  if (a.pos === b.pos) return { pos: a.pos, messages: [...a.messages, ...b.messages] };
  return a.pos > b.pos ? a : b;
}

export const pure =
  <T>(value: T): Parser<T> =>
  (_, pos) => ({ ok: true, consumed: false, value, pos, error: unknownAt(pos) });

export const fail =
  <T>(message?: string | (() => string)): Parser<T> =>
  (_, pos) => ({
    ok: false,
    consumed: false,
    error: { pos, messages: message ? [{ kind: Kind.UnExpect, text: message }] : [] },
  });

/** One character that `test` accepts (Parsec's `satisfy`, which has no label of its own). */
export const satisfy =
  (test: (c: string) => boolean): Parser<string> =>
  (input, pos) => {
    const c = input[pos];
    if (c === undefined) return { ok: false, consumed: false, error: { pos, messages: [sys('')] } };
    if (!test(c)) return { ok: false, consumed: false, error: { pos, messages: [sys(c)] } };
    return { ok: true, consumed: true, value: c, pos: pos + 1, error: unknownAt(pos + 1) };
  };

const sys = (c: string): Message => ({
  kind: Kind.SysUnExpect,
  text: c === '' ? '' : () => showString(c),
});

export function bind<A, B>(p: Parser<A>, f: (a: A) => Parser<B>): Parser<B> {
  return (input, pos) => {
    const first = p(input, pos);
    if (!first.ok) return first;
    const second = f(first.value)(input, first.pos);
    if (second.consumed) return second;
    const error =
      first.error.messages.length === 0 ? second.error : merge(first.error, second.error);
    return { ...second, consumed: first.consumed, error };
  };
}

export const map = <A, B>(p: Parser<A>, f: (a: A) => B): Parser<B> => bind(p, (a) => pure(f(a)));
// Not named `then`: a module exporting `then` is a thenable, and awaiting its import never ends.
export const seq = <A, B>(p: Parser<A>, q: Parser<B>): Parser<B> => bind(p, () => q);
export const before = <A, B>(p: Parser<A>, q: Parser<B>): Parser<A> =>
  bind(p, (a) => map(q, () => a));

/** Parsec's `<|>`: the second is tried only when the first failed without consuming. */
export function alt<T>(...parsers: Parser<T>[]): Parser<T> {
  return parsers.reduce((p, q) => (input, pos) => {
    const first = p(input, pos);
    if (first.ok || first.consumed) return first;
    const second = q(input, pos);
    if (second.consumed) return second;
    return { ...second, error: merge(first.error, second.error) };
  });
}

export const attempt =
  <T>(p: Parser<T>): Parser<T> =>
  (input, pos) => {
    const reply = p(input, pos);
    return !reply.ok && reply.consumed ? { ...reply, consumed: false } : reply;
  };

/** Parsec's `<?>`: when nothing was consumed, what was expected becomes `name`. */
export const label =
  <T>(p: Parser<T>, name: string): Parser<T> =>
  (input, pos) => {
    const reply = p(input, pos);
    if (reply.consumed || (reply.ok && reply.error.messages.length === 0)) return reply;
    const messages = [
      { kind: Kind.Expect, text: name },
      ...reply.error.messages.filter((m) => m.kind !== Kind.Expect),
    ];
    return { ...reply, error: { pos: reply.error.pos, messages } };
  };

export const lookAhead =
  <T>(p: Parser<T>): Parser<T> =>
  (input, pos) => {
    const reply = p(input, pos);
    return reply.ok ? { ...reply, consumed: false, pos, error: unknownAt(pos) } : reply;
  };

export function many<T>(p: Parser<T>): Parser<T[]> {
  return (input, pos) => {
    const values: T[] = [];
    let at = pos;
    for (;;) {
      const reply = p(input, at);
      if (!reply.ok) {
        if (reply.consumed) return reply;
        return { ok: true, consumed: at > pos, value: values, pos: at, error: reply.error };
      }
      values.push(reply.value);
      at = reply.pos;
    }
  };
}

export const many1 = <T>(p: Parser<T>): Parser<T[]> =>
  bind(p, (x) => map(many(p), (xs) => [x, ...xs]));
export const sepBy1 = <T, S>(p: Parser<T>, sep: Parser<S>): Parser<T[]> =>
  bind(p, (x) => map(many(seq(sep, p)), (xs) => [x, ...xs]));
export const sepBy = <T, S>(p: Parser<T>, sep: Parser<S>): Parser<T[]> =>
  alt(sepBy1(p, sep), pure([]));
export const optionMaybe = <T>(p: Parser<T>): Parser<T | null> => alt<T | null>(p, pure(null));
export const option = <T>(fallback: T, p: Parser<T>): Parser<T> => alt(p, pure(fallback));
export const between = <T>(open: Parser<unknown>, close: Parser<unknown>, p: Parser<T>) =>
  seq(open, before(p, close));

export const char = (c: string): Parser<string> =>
  label(
    satisfy((x) => x === c),
    showString(c),
  );
export const oneOf = (cs: string): Parser<string> => satisfy((c) => cs.includes(c));
export const noneOf = (cs: string): Parser<string> => satisfy((c) => !cs.includes(c));
export const anyChar = satisfy(() => true);
export const letter = label(
  satisfy((c) => /\p{L}/u.test(c)),
  'letter',
);
export const digit = label(
  satisfy((c) => c >= '0' && c <= '9'),
  'digit',
);

/** Parsec's `string`: fails at its start, having consumed only when a prefix matched. */
export const string = (s: string): Parser<string> => {
  const want = Array.from(s);
  const shown = showString(s);
  return (input, pos) => {
    for (let i = 0; i < want.length; i++) {
      const c = input[pos + i];
      if (c !== want[i]) {
        const messages = [sys(c ?? ''), { kind: Kind.Expect, text: shown }];
        return { ok: false, consumed: i > 0, error: { pos, messages } };
      }
    }
    const end = pos + want.length;
    return { ok: true, consumed: want.length > 0, value: s, pos: end, error: unknownAt(end) };
  };
};

export const notFollowedBy = <T>(p: Parser<T>, show: (t: T) => string): Parser<null> =>
  attempt(
    alt<null>(
      bind(attempt(p), (t) => fail(() => show(t))),
      pure(null),
    ),
  );

/**
 * Parsec's `eof` (`notFollowedBy anyToken <?> "end of input"`). Its `anyToken` does not move the
 * position, so the error stands at the unexpected character, not after it.
 */
export const eof: Parser<null> = (input, pos) => {
  const c = input[pos];
  if (c === undefined)
    return { ok: true, consumed: false, value: null, pos, error: unknownAt(pos) };
  const messages = [
    { kind: Kind.Expect, text: 'end of input' },
    { kind: Kind.UnExpect, text: () => showChar(c) },
  ];
  return { ok: false, consumed: false, error: { pos, messages } };
};

/** Runs `p` on `text` (no end of input required, as PostgREST's calls to `P.parse`). */
export function run<T>(
  p: Parser<T>,
  text: string,
): { ok: true; value: T; rest: number } | { ok: false; input: string[]; error: ParseError } {
  const input = Array.from(text);
  const reply = p(input, 0);
  return reply.ok
    ? { ok: true, value: reply.value, rest: input.length - reply.pos }
    : { ok: false, input, error: reply.error };
}
