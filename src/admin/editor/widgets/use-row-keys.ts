import { useCallback, useState } from 'react';
import { deepEquals } from '@rjsf/utils';

let lastKey = 0;
const newKey = () => `row-${(lastKey += 1)}`;

interface Rows<T> {
  items: readonly T[];
  keys: string[];
}

/**
 * Stable keys for the rows of an array field, so that React (and dnd-kit) follow an item when
 * it moves and an input keeps focus while its row is edited. `commit` records the keys of a
 * change the field makes itself; a change from elsewhere (a reset, a reload) keeps the keys
 * when the length is the same, as an edit in place does, and renews them otherwise.
 */
export function useRowKeys<T>(items: readonly T[]) {
  const [rows, setRows] = useState<Rows<T>>(() => ({ items, keys: items.map(newKey) }));
  let current = rows;
  if (!deepEquals(rows.items, items)) {
    const keys = items.length === rows.keys.length ? rows.keys : items.map(newKey);
    current = { items, keys };
    // Adjusting state while rendering, as React documents for values derived from props.
    setRows(current);
  }
  const commit = useCallback((next: readonly T[], keys: string[]) => {
    setRows({ items: next, keys });
  }, []);
  return { keys: current.keys, commit, newKey };
}
