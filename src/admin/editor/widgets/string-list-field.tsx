import { useState, type KeyboardEvent } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { descriptionId, type ErrorSchema, type FieldProps } from '@rjsf/utils';
import { fieldTitle, movedErrors, useFocusAfterRender } from './field-utils.ts';
import { FRENCH_INSTRUCTIONS, frenchAnnouncements } from './string-list-a11y.ts';
import { StringListRow, type RowAction } from './string-list-row.tsx';
import { useRowKeys } from './use-row-keys.ts';

/**
 * `ui:field: "stringList"`, for an array of strings: add (trimmed, blank ignored), remove, and
 * reorder by dragging, by keyboard on the handle, or with the Monter / Descendre buttons.
 */
export function StringListField(props: FieldProps) {
  const { fieldPathId, formData, errorSchema, schema, onChange, disabled, readonly } = props;
  const items: string[] = Array.isArray(formData) ? formData.map((item) => String(item ?? '')) : [];
  const { keys, commit, newKey } = useRowKeys(items);
  const [draft, setDraft] = useState('');
  const [message, setMessage] = useState('');
  const focusLater = useFocusAfterRender();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const base = fieldPathId.$id;
  const rowId = (key: string) => `${base}-${key}`;
  const inputId = `${base}-new`;
  const locked = Boolean(disabled || readonly);
  const canAdd = schema.maxItems === undefined || items.length < schema.maxItems;
  const canRemove = schema.minItems === undefined || items.length > schema.minItems;
  const errors = errorSchema as Record<number, ErrorSchema | undefined> | undefined;

  const change = (next: string[], nextKeys: string[], nextErrors?: ErrorSchema) => {
    commit(next, nextKeys);
    onChange(next, fieldPathId.path, nextErrors);
  };

  const add = () => {
    const text = draft.trim();
    setDraft('');
    if (text === '' || !canAdd) return;
    change([...items, text], [...keys, newKey()]);
    setMessage(`« ${text} » ajouté à la liste.`);
  };

  const remove = (index: number) => {
    const next = items.filter((_, i) => i !== index);
    const nextKeys = keys.filter((_, i) => i !== index);
    change(
      next,
      nextKeys,
      movedErrors(errorSchema, next.length, (i) => (i < index ? i : i + 1)),
    );
    setMessage(`« ${items[index]} » supprimé de la liste.`);
    const neighbour = nextKeys[index] ?? nextKeys[index - 1];
    focusLater(neighbour ? `${rowId(neighbour)}-remove` : inputId);
  };

  const move = (from: number, to: number, action?: RowAction) => {
    if (to < 0 || to >= items.length || from === to) return;
    const order = arrayMove(
      items.map((_, i) => i),
      from,
      to,
    );
    const nextErrors = movedErrors(errorSchema, items.length, (i) => order[i] ?? i);
    change(arrayMove(items, from, to), arrayMove(keys, from, to), nextErrors);
    if (!action) return; // dnd-kit announces drops itself.
    setMessage(`« ${items[from]} » déplacé en position ${to + 1} sur ${items.length}.`);
    const stuck = (action === 'up' && to === 0) || (action === 'down' && to === items.length - 1);
    const other = action === 'up' ? 'down' : 'up';
    focusLater(`${rowId(keys[from] ?? '')}-${stuck ? other : action}`);
  };

  const drop = ({ active, over }: DragEndEvent) => {
    if (over) move(keys.indexOf(String(active.id)), keys.indexOf(String(over.id)));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault(); // Enter adds the item instead of submitting the form.
    add();
  };

  const description = schema.description;
  const announcements = frenchAnnouncements({
    textOf: (id) => items[keys.indexOf(String(id))] ?? '',
    positionOf: (id) => keys.indexOf(String(id)) + 1,
    total: () => items.length,
  });

  return (
    <fieldset
      className="string-list"
      id={base}
      aria-describedby={description ? descriptionId(fieldPathId) : undefined}
    >
      <legend>{fieldTitle(props)}</legend>
      {description && (
        <p className="field-description" id={descriptionId(fieldPathId)}>
          {description}
        </p>
      )}
      {items.length === 0 ? (
        <p className="string-list__empty">La liste est vide.</p>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={drop}
          accessibility={{ announcements, screenReaderInstructions: FRENCH_INSTRUCTIONS }}
        >
          <SortableContext items={keys} strategy={verticalListSortingStrategy}>
            <ol className="string-list__items">
              {items.map((text, index) => {
                const key = keys[index] ?? String(index);
                return (
                  <StringListRow
                    key={key}
                    rowKey={key}
                    domId={rowId(key)}
                    text={text}
                    index={index}
                    total={items.length}
                    locked={locked}
                    canRemove={canRemove}
                    errors={props.hideError ? undefined : errors?.[index]?.__errors}
                    onMove={move}
                    onRemove={remove}
                  />
                );
              })}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      <div className="string-list__add">
        <label htmlFor={inputId}>Nouvel élément</label>
        <input
          id={inputId}
          type="text"
          value={draft}
          disabled={locked || !canAdd}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => props.onBlur(base, items)}
          onFocus={() => props.onFocus(base, items)}
        />
        <button type="button" className="widget-button" onClick={add} disabled={locked || !canAdd}>
          Ajouter
        </button>
      </div>
      <p className="widget-status visually-hidden" role="status">
        {message}
      </p>
    </fieldset>
  );
}
