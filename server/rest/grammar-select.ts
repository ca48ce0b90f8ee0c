/** The `select` parameter in PostgREST 12's grammar (`pFieldForest` and what it calls). */
import {
  aliasSeparator,
  type Field,
  lazy,
  lexeme,
  pField,
  pFieldName,
  pIdentifier,
  skip,
} from './grammar-common.ts';
import {
  alt,
  attempt,
  before,
  between,
  bind,
  char,
  eof,
  fail,
  lookAhead,
  map,
  optionMaybe,
  type Parser,
  pure,
  sepBy,
  string,
  seq,
} from './parsec.ts';

export type SelectItem =
  | {
      kind: 'field';
      field: Field;
      cast: string | null;
      alias: string | null;
      aggregate: string | null;
    }
  | { kind: 'relation'; name: string; children: SelectItem[] }
  | { kind: 'spread'; name: string; children: SelectItem[] };

const pEnd = alt(
  skip(attempt(lookAhead(string(')')))),
  skip(attempt(lookAhead(string(',')))),
  attempt(eof),
);
const pCast = optionMaybe(seq(string('::'), pIdentifier));
const pAlias = optionMaybe(attempt(before(pFieldName, aliasSeparator)));
const pAggregation = alt(
  string('sum'),
  string('avg'),
  string('count'),
  attempt(string('max')),
  attempt(string('min')),
);

const star: SelectItem = {
  kind: 'field',
  field: { name: '*', path: [] },
  cast: null,
  alias: null,
  aggregate: null,
};

const pFieldSelect: Parser<SelectItem> = lexeme(
  alt<SelectItem>(
    attempt(
      seq(
        string('*'),
        map(pEnd, () => star),
      ),
    ),
    attempt(
      bind(pAlias, (alias) =>
        seq(
          string('count()'),
          seq(
            pCast,
            map(pEnd, (): SelectItem => ({ ...star, alias, aggregate: 'count' })),
          ),
        ),
      ),
    ),
    bind(pAlias, (alias) =>
      bind(pField, (field) =>
        bind(pCast, (cast) =>
          bind(optionMaybe(attempt(between(char('.'), string('()'), pAggregation))), (aggregate) =>
            seq(
              pCast,
              map(pEnd, (): SelectItem => ({ kind: 'field', field, cast, alias, aggregate })),
            ),
          ),
        ),
      ),
    ),
  ),
);

const pEmbedParam = seq(
  char('!'),
  alt(attempt(string('left')), attempt(string('inner')), attempt(pFieldName)),
);
const pEmbedParams = seq(optionMaybe(pEmbedParam), optionMaybe(pEmbedParam));
const beforeParen = attempt(lookAhead(string('(')));

const pRelationSelect: Parser<string> = lexeme(
  seq(
    pAlias,
    bind(pFieldName, (name) =>
      name === 'count'
        ? fail<string>()
        : seq(
            pEmbedParams,
            map(beforeParen, () => name),
          ),
    ),
  ),
);
const pSpreadRelationSelect: Parser<string> = lexeme(
  seq(
    string('...'),
    bind(pFieldName, (name) =>
      seq(
        pEmbedParams,
        map(beforeParen, () => name),
      ),
    ),
  ),
);

const children = lazy(() => between(char('('), char(')'), pFieldForest));
const pFieldTree: Parser<SelectItem> = alt<SelectItem>(
  bind(attempt(pSpreadRelationSelect), (name) =>
    map(children, (items): SelectItem => ({ kind: 'spread', name, children: items })),
  ),
  bind(attempt(pRelationSelect), (name) =>
    map(children, (items): SelectItem => ({ kind: 'relation', name, children: items })),
  ),
  bind(pFieldSelect, (item) => pure(item)),
);

export const pFieldForest: Parser<SelectItem[]> = sepBy(pFieldTree, lexeme(char(',')));
