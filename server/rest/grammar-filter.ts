/**
 * Filters, `or`/`and` trees, `order` and name lists in PostgREST 12's grammar (`pOpExpr`,
 * `pLogicTree`, `pOrder`, `pTreePath`, `pColumns`), transcribed parser by parser.
 */
import {
  type Field,
  lazy,
  lexeme,
  pDelimiter,
  pField,
  pIdentifier,
  pQuotedValue,
} from './grammar-common.ts';
import {
  alt,
  anyChar,
  attempt,
  before,
  between,
  bind,
  char,
  label,
  many,
  map,
  noneOf,
  notFollowedBy,
  optionMaybe,
  type Parser,
  pure,
  sepBy1,
  showChar,
  string,
  seq,
} from './parsec.ts';

export type IsValue = 'NULL' | 'TRUE' | 'FALSE' | 'UNKNOWN';

export type Operation =
  | { op: 'in'; values: string[] }
  | { op: 'is'; value: IsValue }
  | { op: 'other'; name: string; value: string; quantifier: string | null };

export interface OpExpr {
  negate: boolean;
  operation: Operation;
}

export interface FilterNode {
  field: Field;
  expr: OpExpr;
}

export type LogicNode =
  | { kind: 'filter'; filter: FilterNode }
  | { kind: 'expr'; negate: boolean; op: 'and' | 'or'; children: LogicNode[] };

// PostgREST 12's filter operators, in the order its grammar tries them (`gte` before `gt`). Which
// of them this server runs is server/rest/query-filters.ts's `SERVED_OPERATORS`; the others parse,
// then are refused by name (docs/decisions/091-keep-our-rest-layer.md).
export const FTS_OPERATORS = ['fts', 'plfts', 'phfts', 'wfts'] as const;
export const SIMPLE_OPERATORS = ['neq', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj'] as const;
/** The operators that take a quantifier, `eq(any)` or `like(all)`. */
export const QUANTIFIABLE_OPERATORS = [
  'eq',
  'gte',
  'gt',
  'lte',
  'lt',
  'like',
  'ilike',
  'match',
  'imatch',
] as const;
export const QUANTIFIERS = ['any', 'all'] as const;

const join = (cs: string[]) => cs.join('');
const words = (...ws: string[]) => alt(...ws.map((w) => attempt(string(w))));
const ciString = (w: string) =>
  Array.from(w).reduce<Parser<string>>(
    (p, c) => bind(p, (s) => map(alt(char(c), char(c.toUpperCase())), (x) => s + x)),
    pure(''),
  );

export const pSingleVal: Parser<string> = map(many(anyChar), join);

const pListElement = alt(
  attempt(before(pQuotedValue, notFollowedBy(noneOf(',)'), showChar))),
  map(many(noneOf(',)')), join),
);
const pListVal = seq(lexeme(char('(')), before(sepBy1(pListElement, char(',')), lexeme(char(')'))));

const pTriVal = label(
  alt(
    ...(['null', 'unknown', 'true', 'false'] as const).map((w) =>
      attempt(map(ciString(w), () => w.toUpperCase() as IsValue)),
    ),
  ),
  'null or trilean value (unknown, true, false)',
);

const opThenDot = (w: string) => attempt(seq(string(w), pDelimiter));

/** `[not.]op.value`, the value read by `pSVal` (the rest of the parameter, or a logic tree item). */
export function pOpExpr(pSVal: Parser<string>): Parser<OpExpr> {
  const pIn = seq(
    opThenDot('in'),
    map(pListVal, (values): Operation => ({ op: 'in', values })),
  );
  const pIs = seq(
    opThenDot('is'),
    map(pTriVal, (value): Operation => ({ op: 'is', value })),
  );
  const pIsDist = seq(
    opThenDot('isdistinct'),
    map(pSVal, (value): Operation => ({
      op: 'other',
      name: 'isdistinct',
      value,
      quantifier: null,
    })),
  );
  const pFts = bind(words(...FTS_OPERATORS), (name) =>
    seq(
      optionMaybe(attempt(between(char('('), char(')'), pIdentifier))),
      seq(
        pDelimiter,
        map(pSVal, (value): Operation => ({ op: 'other', name, value, quantifier: null })),
      ),
    ),
  );
  const simple = label(words(...SIMPLE_OPERATORS), 'unknown single value operator');
  const pSimpleOp = bind(simple, (name) =>
    seq(
      pDelimiter,
      map(pSVal, (value): Operation => ({ op: 'other', name, value, quantifier: null })),
    ),
  );
  const quant = label(words(...QUANTIFIABLE_OPERATORS), 'unknown single value operator');
  const quantifier = optionMaybe(
    attempt(
      between(char('('), char(')'), alt(attempt(string(QUANTIFIERS[0])), string(QUANTIFIERS[1]))),
    ),
  );
  const pQuantOp = bind(quant, (name) =>
    bind(quantifier, (q) =>
      seq(
        pDelimiter,
        map(pSVal, (value): Operation => ({ op: 'other', name, value, quantifier: q })),
      ),
    ),
  );
  const pOperation = label(
    alt(pIn, pIs, pIsDist, attempt(pFts), attempt(pSimpleOp), attempt(pQuantOp)),
    'operator (eq, gt, ...)',
  );
  const pNot = alt(
    map(opThenDot('not'), () => true),
    pure(false),
  );
  return bind(pNot, (negate) => map(pOperation, (operation) => ({ negate, operation })));
}

const pPgArray = bind(string('{'), (a) =>
  bind(many(noneOf('{}')), (b) => map(string('}'), (c) => a + join(b) + c)),
);
const pLogicSingleVal = alt(
  attempt(before(pQuotedValue, notFollowedBy(noneOf(',)'), showChar))),
  attempt(pPgArray),
  map(many(noneOf(',)')), join),
);

const pLogicFilter: Parser<FilterNode> = bind(before(pField, pDelimiter), (field) =>
  map(pOpExpr(pLogicSingleVal), (expr) => ({ field, expr })),
);
const pNot = label(
  alt(
    map(opThenDot('not'), () => true),
    pure(false),
  ),
  'negation operator (not)',
);
const pLogicOp = label(
  alt<'and' | 'or'>(
    map(attempt(string('and')), () => 'and'),
    map(string('or'), () => 'or'),
  ),
  'logic operator (and, or)',
);

export const pLogicTree: Parser<LogicNode> = alt<LogicNode>(
  map(attempt(pLogicFilter), (filter): LogicNode => ({ kind: 'filter', filter })),
  bind(pNot, (negate) =>
    bind(pLogicOp, (op) =>
      map(
        seq(
          lexeme(char('(')),
          before(
            sepBy1(
              lazy(() => pLogicTree),
              lexeme(char(',')),
            ),
            lexeme(char(')')),
          ),
        ),
        (children): LogicNode => ({ kind: 'expr', negate, op, children }),
      ),
    ),
  ),
);
