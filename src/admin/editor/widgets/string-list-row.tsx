import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';

export type RowAction = 'up' | 'down' | 'remove';

interface StringListRowProps {
  /** Stable key of the row, also its dnd-kit id. */
  rowKey: string;
  /** Base of the ids of the row's controls. */
  domId: string;
  text: string;
  index: number;
  total: number;
  locked: boolean;
  canRemove: boolean;
  errors: string[] | undefined;
  onMove: (from: number, to: number, action: RowAction) => void;
  onRemove: (index: number) => void;
}

/** One item of the string list: a drag handle, the text, and buttons to move or remove it. */
export function StringListRow(props: StringListRowProps) {
  const { rowKey, domId, text, index, total, locked, canRemove, errors, onMove, onRemove } = props;
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({
    id: rowKey,
    disabled: locked,
    attributes: { roleDescription: 'élément déplaçable' },
  });
  const style = {
    transform: CSS.Translate.toString(transform),
    transition,
  };
  const errorId = `${domId}__error`;
  const hasErrors = (errors?.length ?? 0) > 0;
  const quoted = <span className="visually-hidden"> « {text} »</span>;

  return (
    <li
      ref={setNodeRef}
      style={style}
      className={`string-list__item${isDragging ? ' string-list__item--dragging' : ''}`}
    >
      <button
        type="button"
        className="string-list__handle"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Déplacer « ${text} »`}
        aria-describedby={[attributes['aria-describedby'], hasErrors ? errorId : '']
          .filter(Boolean)
          .join(' ')}
        aria-invalid={hasErrors || undefined}
      >
        <svg viewBox="0 0 10 16" width="10" height="16" aria-hidden="true" focusable="false">
          <circle cx="2" cy="3" r="1.5" />
          <circle cx="8" cy="3" r="1.5" />
          <circle cx="2" cy="8" r="1.5" />
          <circle cx="8" cy="8" r="1.5" />
          <circle cx="2" cy="13" r="1.5" />
          <circle cx="8" cy="13" r="1.5" />
        </svg>
      </button>
      <span className="string-list__text">{text}</span>
      <span className="string-list__buttons">
        <button
          type="button"
          className="widget-button"
          id={`${domId}-up`}
          disabled={locked || index === 0}
          onClick={() => onMove(index, index - 1, 'up')}
        >
          Monter{quoted}
        </button>
        <button
          type="button"
          className="widget-button"
          id={`${domId}-down`}
          disabled={locked || index === total - 1}
          onClick={() => onMove(index, index + 1, 'down')}
        >
          Descendre{quoted}
        </button>
        <button
          type="button"
          id={`${domId}-remove`}
          className="widget-button widget-button--danger"
          disabled={locked || !canRemove}
          onClick={() => onRemove(index)}
        >
          Supprimer{quoted}
        </button>
      </span>
      {hasErrors && (
        <ul className="field-errors" id={errorId}>
          {errors?.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
    </li>
  );
}
