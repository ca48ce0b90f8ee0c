import { useCallback, useEffect, useRef, useState } from 'react';
import {
  getUiOptions,
  toFieldPathId,
  type ErrorSchema,
  type FieldPathId,
  type FieldProps,
  type RJSFSchema,
} from '@rjsf/utils';

/** The heading a custom field shows: rjsf hides its own label for array fields. */
export function fieldTitle(props: FieldProps): string {
  const { title } = getUiOptions(props.uiSchema, props.registry.globalUiOptions);
  return title ?? props.schema.title ?? props.name;
}

/** The schema of one item of an array field, `$ref` resolved. */
export function itemSchemaOf(props: FieldProps, item?: unknown): RJSFSchema {
  const items = props.schema.items;
  const raw = typeof items === 'object' && !Array.isArray(items) ? items : {};
  return props.registry.schemaUtils.retrieveSchema(raw, item);
}

/** The id and path of the item at `index`, as rjsf's own ArrayField derives them. */
export function itemPathId(props: FieldProps, index: number): FieldPathId {
  return toFieldPathId(index, props.registry.globalFormOptions, props.fieldPathId);
}

/**
 * The array's errors after its items moved: `from(newIndex)` gives each item's old index.
 * Passing these along with the change keeps each error beside its own item until the next
 * validation, as rjsf's ArrayField does.
 */
export function movedErrors(
  errorSchema: ErrorSchema | undefined,
  length: number,
  from: (newIndex: number) => number,
): ErrorSchema | undefined {
  if (!errorSchema) return undefined;
  const errors = errorSchema as Record<number, ErrorSchema | undefined>;
  const next: ErrorSchema & Record<number, ErrorSchema> = {};
  if (errorSchema.__errors) next.__errors = errorSchema.__errors;
  for (let index = 0; index < length; index += 1) {
    const moved = errors[from(index)];
    if (moved) next[index] = moved;
  }
  return next;
}

/**
 * Focus an element by id once React has rendered the change that creates or moves it:
 * keyboard users keep their place after a button removes or moves the row they were on.
 */
export function useFocusAfterRender(): (id: string) => void {
  const pending = useRef<string | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const id = pending.current;
    pending.current = null;
    if (id) document.getElementById(id)?.focus();
  }, [tick]);
  return useCallback((id: string) => {
    pending.current = id;
    setTick((value) => value + 1);
  }, []);
}
