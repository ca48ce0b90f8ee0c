import { useId, type Ref } from 'react';
import { FILTER_OPTIONS, type PostFilter } from './blog-post.ts';

interface BlogToolbarProps {
  newButtonRef: Ref<HTMLButtonElement>;
  /** The new-post form is open; `formId` is its element while any form is. */
  newFormOpen: boolean;
  formId: string | undefined;
  onToggleNew(): void;
  reloading: boolean;
  onReload(): void;
  filter: PostFilter;
  onFilter(filter: PostFilter): void;
}

/** 'Nouvel Article', 'Recharger la liste' and the filter (docs/product.md#blog-panel). */
export function BlogToolbar({
  newButtonRef,
  newFormOpen,
  formId,
  onToggleNew,
  reloading,
  onReload,
  filter,
  onFilter,
}: BlogToolbarProps) {
  const filterId = useId();
  return (
    <div className="blog-admin__toolbar">
      <button
        ref={newButtonRef}
        type="button"
        className="button"
        aria-expanded={newFormOpen}
        aria-controls={formId}
        onClick={onToggleNew}
      >
        Nouvel Article
      </button>
      <button
        type="button"
        className="button button--secondary"
        disabled={reloading}
        onClick={onReload}
      >
        Recharger la liste
      </button>
      <div className="blog-admin__filter">
        <label htmlFor={filterId}>Filtrer les articles</label>
        <select
          id={filterId}
          className="editor-input"
          value={filter}
          onChange={(event) => onFilter(event.target.value as PostFilter)}
        >
          {FILTER_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
