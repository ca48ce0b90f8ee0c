/** `order`, a filter's key and name lists in PostgREST 12's grammar (`pOrder`, `pTreePath`, `pColumns`). */
import {
  type Field,
  lexeme,
  pDelimiter,
  pField,
  pFieldName,
  pJsonPath,
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
  lookAhead,
  map,
  option,
  optionMaybe,
  type Parser,
  sepBy1,
  seq,
  string,
} from './parsec.ts';

export interface OrderNode {
  field: Field;
  relation: string | null;
  direction: 'ASC' | 'DESC' | null;
  nulls: 'NULLS FIRST' | 'NULLS LAST' | null;
}

const orderEnd = alt(skip(attempt(lookAhead(char(',')))), attempt(eof));
const pOrdDir = alt<'ASC' | 'DESC'>(
  map(attempt(seq(pDelimiter, string('asc'))), () => 'ASC'),
  map(attempt(seq(pDelimiter, string('desc'))), () => 'DESC'),
);
const pNulls = alt<'NULLS FIRST' | 'NULLS LAST'>(
  map(attempt(seq(pDelimiter, string('nullsfirst'))), () => 'NULLS FIRST'),
  map(attempt(seq(pDelimiter, string('nullslast'))), () => 'NULLS LAST'),
);
const orderTail = (field: Field, relation: string | null): Parser<OrderNode> =>
  bind(optionMaybe(pOrdDir), (direction) =>
    map(
      alt(
        before(optionMaybe(pNulls), orderEnd),
        map(orderEnd, () => null),
      ),
      (nulls) => ({
        field,
        relation,
        direction,
        nulls,
      }),
    ),
  );
const pOrderTerm = bind(pField, (field) => orderTail(field, null));
const pOrderRelationTerm = bind(pFieldName, (relation) =>
  bind(between(char('('), char(')'), pField), (field) => orderTail(field, relation)),
);
export const pOrder: Parser<OrderNode[]> = sepBy1(
  lexeme(alt(attempt(pOrderRelationTerm), pOrderTerm)),
  char(','),
);

/** A filter's key: embedding path, column, JSON path. */
export const pTreePath: Parser<{ path: string[]; field: Field }> = bind(
  sepBy1(pFieldName, pDelimiter),
  (names) =>
    map(option([], pJsonPath), (jsonPath) => ({
      path: names.slice(0, -1),
      field: { name: names.at(-1)!, path: jsonPath },
    })),
);

export const pColumns: Parser<string[]> = sepBy1(pFieldName, lexeme(char(',')));
