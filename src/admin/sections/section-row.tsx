import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Section } from '../../content/generated/types.ts';
import { sectionAnchor } from '../../site/home/section-anchors.ts';
import {
  isEditableSectionType,
  sectionEditor,
  sectionTypeLabel,
} from '../../content/section-types.ts';
import { hasOwnContent, SectionForm, type DraftProblems } from './add-section-form.tsx';
import type { SectionDraft } from './sections-model.ts';

interface SectionRowProps {
  section: Section;
  onToggle: (id: string) => void;
  onDelete: (section: Section) => void;
  /** Saves a text or image block's new title, content and image. */
  onEdit: (id: string, draft: SectionDraft) => void;
  /** The problems of a block's new title, content and image, as the whole list would have them. */
  editProblems: (id: string, draft: SectionDraft) => DraftProblems;
}

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
      {!open && <path d="M4 4l16 16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />}
    </svg>
  );
}

function GripIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      {[6, 12, 18].map((y) =>
        [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.8" fill="currentColor" />),
      )}
    </svg>
  );
}

/**
 * One section of the list: its drag handle (mouse and keyboard, through dnd-kit), its title and
 * kind, a link to its editor when it has one (or, for a text or image block, a form right under
 * it for its title, content and image), the eye button and the delete button. A hidden
 * section is greyed out and says so in words.
 */
export function SectionRow({ section, onToggle, onDelete, onEdit, editProblems }: SectionRowProps) {
  const titleId = useId();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const closeEditor = () => {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };
  const onEditorKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') closeEditor();
  };
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: section.id, attributes: { roleDescription: 'section déplaçable' } });
  const eyeLabel = section.visible ? 'Masquer' : 'Afficher';
  const editor = isEditableSectionType(section.type) ? sectionEditor(section.type) : null;
  const typeLabel = sectionTypeLabel(section.type);
  const classes = ['sections-row'];
  if (!section.visible) classes.push('sections-row--hidden');
  if (isDragging) classes.push('sections-row--dragging');

  return (
    <li
      ref={setNodeRef}
      className={classes.join(' ')}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-section-id={section.id}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        className="sections-row__handle"
        {...attributes}
        {...listeners}
        aria-label={`Déplacer la section « ${section.title} »`}
      >
        <GripIcon />
      </button>
      <div className="sections-row__text">
        <span id={titleId} className="sections-row__title">
          {section.title}
        </span>
        <span className="sections-row__meta">
          {typeLabel} · Lien dans le menu : {sectionAnchor(section)}
          {!section.visible && <span className="sections-row__badge">Masquée</span>}
        </span>
      </div>
      <div className="sections-row__actions">
        {hasOwnContent(section.type) && (
          <button
            ref={editButton}
            type="button"
            className="button button--small button--secondary"
            aria-expanded={editing}
            onClick={() => (editing ? closeEditor() : setEditing(true))}
          >
            Modifier<span className="visually-hidden"> la section « {section.title} »</span>
          </button>
        )}
        {editor && (
          <Link className="button button--small button--secondary" to={`/admin/${editor.path}`}>
            Modifier<span className="visually-hidden"> la section « {section.title} »</span>
          </Link>
        )}
        <button
          type="button"
          className="sections-row__icon"
          aria-label={eyeLabel}
          title={eyeLabel}
          aria-describedby={titleId}
          onClick={() => onToggle(section.id)}
        >
          <EyeIcon open={section.visible} />
        </button>
        <button
          type="button"
          className="button button--small button--secondary button--danger"
          onClick={() => onDelete(section)}
        >
          Supprimer<span className="visually-hidden"> la section « {section.title} »</span>
        </button>
      </div>
      {editing && (
        <div className="sections-row__editor" onKeyDown={onEditorKey}>
          <SectionForm
            initial={{
              title: section.title,
              type: section.type,
              content: section.content ?? '',
              imageUrl: section.imageUrl ?? '',
              imageAlt: section.imageAlt ?? '',
            }}
            problemsOf={(draft) => editProblems(section.id, draft)}
            submitLabel="Enregistrer la section"
            onSubmit={(draft) => {
              onEdit(section.id, draft);
              closeEditor();
            }}
            onCancel={closeEditor}
            focusTitle
          />
        </div>
      )}
    </li>
  );
}
