/**
 * Names, JSON paths and fields in PostgREST 12's query grammar, shared by
 * the select, order and filter grammars. Each parser keeps PostgREST's name and shape.
 */
import { parseError } from './errors.ts';
import {
  alt,
  anyChar,
  attempt,
  before,
  bind,
  char,
  describe,
  digit,
  eof,
  label,
  letter,
  lookAhead,
  many,
  many1,
  map,
  noneOf,
  notFollowedBy,
  oneOf,
  option,
  type Parser,
  run,
  sepBy1,
  showChar,
  string,
  seq,
} from './parsec.ts';

export interface JsonStep {
  arrow: '->' | '->>';
  operand: string;
}

export interface Field {
  name: string;
  path: JsonStep[];
}

export const skip = <T>(p: Parser<T>): Parser<null> => map(p, () => null);

/** Defers building a parser, for the grammar's recursive rules. */
export const lazy =
  <T>(make: () => Parser<T>): Parser<T> =>
  (input, pos) =>
    make()(input, pos);

const ws = many(oneOf(' \t'));
export const lexeme = <T>(p: Parser<T>): Parser<T> => seq(ws, before(p, ws));

const join = (cs: string[]) => cs.join('');

export const pQuotedValue: Parser<string> = map(
  seq(char('"'), before(many(alt(noneOf('\\"'), seq(char('\\'), anyChar))), char('"'))),
  join,
);

const pIdentifierChar = alt(letter, digit, oneOf('_ $'));
export const pIdentifier: Parser<string> = map(many1(pIdentifierChar), (cs) => join(cs).trim());

const dash = map(attempt(seq(char('-'), notFollowedBy(char('>'), showChar))), () => '-');
const sepByDash = (p: Parser<string>): Parser<string> =>
  map(sepBy1(p, dash), (parts) => parts.join('-'));

export const pFieldName: Parser<string> = label(
  alt(pQuotedValue, sepByDash(pIdentifier)),
  'field name (* or [a..z0..9_$])',
);

export const pDelimiter = label(char('.'), 'delimiter (.)');
export const aliasSeparator = seq(char(':'), notFollowedBy(char(':'), showChar));

const jsonEnd = alt(
  skip(attempt(lookAhead(string('->')))),
  skip(attempt(lookAhead(string('::')))),
  skip(attempt(lookAhead(string('.')))),
  skip(attempt(lookAhead(string(',')))),
  attempt(eof),
);
const pJIdx = before(
  bind(option('+', char('-')), (sign) => map(many1(digit), (ds) => sign + join(ds))),
  jsonEnd,
);
const pJsonKeyName = label(
  alt(pQuotedValue, sepByDash(map(many1(noneOf('(-:.,>)')), (cs) => join(cs).trim()))),
  'any non reserved character different from: .,>()',
);
const pJsonArrow = alt<JsonStep['arrow']>(
  map(attempt(string('->>')), () => '->>'),
  map(attempt(string('->')), () => '->'),
);
export const pJsonPath: Parser<JsonStep[]> = many(
  bind(pJsonArrow, (arrow) =>
    map(alt(attempt(pJIdx), attempt(pJsonKeyName)), (operand) => ({ arrow, operand })),
  ),
);

export const pField: Parser<Field> = lexeme(
  bind(pFieldName, (name) => map(option([], pJsonPath), (path) => ({ name, path }))),
);

/**
 * Parses `text` with `p`; `name` is how PostgREST names the parameter in its error. With `whole`,
 * input left over is an error too (PostgREST would ignore it, which can silently change a query).
 */
const wholeParsers = new WeakMap<Parser<unknown>, Parser<unknown>>();
function whole<T>(p: Parser<T>): Parser<T> {
  let q = wholeParsers.get(p) as Parser<T> | undefined;
  if (!q) wholeParsers.set(p, (q = before(p, eof)));
  return q;
}

export function parseWith<T>(p: Parser<T>, name: string, text: string, all = false): T {
  const result = run(all ? whole(p) : p, text);
  if (result.ok) return result.value;
  const { message, details } = describe(name, result.input, result.error);
  throw parseError(message, details);
}
