import { useId, useState, type FormEvent } from 'react';
import type { Section } from '../../content/generated/types.ts';
import { FORMS } from '../../content/generated/forms.ts';
import { validatorFor } from '../../content/content.ts';
import { describeErrors } from '../../content/errors.ts';
import {
  BLOCK_TYPES,
  isEditableSectionType,
  isSectionType,
  SECTION_TYPE_NAMES,
  SECTION_TYPES,
  type BlockType,
} from '../../content/section-types.ts';
import { PhotoUpload } from '../media/index.ts';
import { RichTextField } from '../rich-text/rich-text-field.tsx';
import { addSection, editSection, type SectionDraft } from './sections-model.ts';

type DraftField = 'title' | 'type' | 'content' | 'imageUrl' | 'imageAlt';
const DRAFT_FIELDS: readonly DraftField[] = ['title', 'type', 'content', 'imageUrl', 'imageAlt'];
/** The longest description the schema accepts. */
const ALT_MAX_LENGTH = FORMS.sections.schema.definitions.section.properties.imageAlt.maxLength;

export type DraftProblems = Partial<Record<DraftField, string>>;

export interface SectionTypeOption {
  value: string;
  label: string;
}

/**
 * What "Ajouter une section" offers: the owner's text and image blocks, then every declared
 * section type that is not on the page (a deleted built-in section can be added back).
 */
export function newSectionTypes(sections: readonly Section[]): SectionTypeOption[] {
  const present = new Set(sections.map((section) => section.type));
  return [
    ...(Object.keys(BLOCK_TYPES) as BlockType[]).map((value) => ({
      value,
      label: BLOCK_TYPES[value].label,
    })),
    ...SECTION_TYPE_NAMES.filter((type) => !present.has(type)).map((value) => ({
      value,
      label: SECTION_TYPES[value].label,
    })),
  ];
}

/** Whether a section of this type shows the owner's own HTML content and image. */
export const hasOwnContent = (type: string) => !isSectionType(type);

/**
 * The French problems of the section at `index` of a candidate list, per field, from the
 * `sections` schema (the same rules the database applies: an image block's photo needs its
 * description, docs/decisions/024-media-library.md).
 */
function problemsAt(candidate: readonly Section[], index: number): DraftProblems {
  const validate = validatorFor('sections');
  if (validate(candidate)) return {};
  const problems: DraftProblems = {};
  for (const problem of describeErrors(validate.errors ?? [], FORMS.sections.schema)) {
    const match = new RegExp(`^/${index}/(\\w+)$`).exec(problem.pointer);
    const field = match?.[1] as DraftField | undefined;
    if (field && DRAFT_FIELDS.includes(field) && !problems[field]) {
      problems[field] = problem.message;
    }
  }
  // A problem elsewhere in the list is not this section's: let the server say it.
  return problems;
}

/** The problems of a new section, checked on the whole list it would make. */
export function draftProblems(sections: readonly Section[], draft: SectionDraft): DraftProblems {
  const candidate = addSection(sections, draft, 0);
  return problemsAt(candidate, candidate.length - 1);
}

/** The problems of a section once edited, checked on the whole list it would make. */
export function editProblems(
  sections: readonly Section[],
  id: string,
  draft: SectionDraft,
): DraftProblems {
  const candidate = editSection(sections, id, draft);
  return problemsAt(
    candidate,
    candidate.findIndex((section) => section.id === id),
  );
}

/**
 * What the title typed here becomes: a section with its own editor has its heading there, so
 * this one is only the menu's link; any other section shows it as its heading too.
 */
export function titleHelp(type: string): string {
  return isEditableSectionType(type)
    ? 'Le nom de la section dans le menu du site. Le titre affiché en haut de la section se modifie dans son éditeur.'
    : 'Affiché en haut de la section et dans le menu du site.';
}

interface SectionFormProps {
  initial: SectionDraft;
  /** The types to choose from; without them the type is fixed. */
  types?: readonly SectionTypeOption[];
  problemsOf: (draft: SectionDraft) => DraftProblems;
  submitLabel: string;
  onSubmit: (draft: SectionDraft) => void;
  /** Offered as 'Annuler' beside the submit button. */
  onCancel?: () => void;
  /** Starts again from `initial` after a submit (the add form). */
  resetOnSubmit?: boolean;
  /** Puts the focus in the title when the form opens (the edit form). */
  focusTitle?: boolean;
}

/**
 * The fields of a section: its title, its type when it can be chosen, and for a text or image
 * block its text (with its toolbar, stored as HTML) and image. Problems show under their field; the first one takes focus.
 */
export function SectionForm({
  initial,
  types,
  problemsOf,
  submitLabel,
  onSubmit,
  onCancel,
  resetOnSubmit,
  focusTitle,
}: SectionFormProps) {
  const [draft, setDraft] = useState<SectionDraft>(initial);
  const [problems, setProblems] = useState<DraftProblems>({});
  const id = useId();
  const ids = {
    title: `${id}-title`,
    type: `${id}-type`,
    content: `${id}-content`,
    imageUrl: `${id}-image`,
    imageAlt: `${id}-image-alt`,
  };
  const ownContent = hasOwnContent(draft.type);

  const set = (field: DraftField, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    if (problems[field]) setProblems((current) => ({ ...current, [field]: undefined }));
  };

  const setType = (type: string) => {
    setDraft((current) => {
      // A declared type comes with its own title, until the owner types another one.
      const previous = isSectionType(current.type) ? SECTION_TYPES[current.type].title : '';
      const untouched = current.title.trim() === '' || current.title === previous;
      if (!untouched) return { ...current, type };
      return { ...current, type, title: isSectionType(type) ? SECTION_TYPES[type].title : '' };
    });
    setProblems({});
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const sent: SectionDraft = ownContent
      ? draft
      : { title: draft.title, type: draft.type, content: '', imageUrl: '', imageAlt: '' };
    const found = problemsOf(sent);
    setProblems(found);
    const first = (Object.keys(ids) as DraftField[]).find((field) => found[field]);
    if (first) {
      document.getElementById(ids[first])?.focus();
      return;
    }
    onSubmit(sent);
    if (resetOnSubmit) setDraft(initial);
  };

  const describedBy = (field: DraftField, help?: string) =>
    [help, problems[field] ? `${ids[field]}-error` : undefined].filter(Boolean).join(' ') ||
    undefined;
  const error = (field: DraftField) =>
    problems[field] ? (
      <p id={`${ids[field]}-error`} className="editor-field__error">
        {problems[field]}
      </p>
    ) : null;

  return (
    <form className="add-section" onSubmit={submit} noValidate>
      <div className={`editor-field${problems.title ? ' editor-field--invalid' : ''}`}>
        <label className="editor-field__label" htmlFor={ids.title}>
          Titre
          <span className="editor-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        </label>
        <input
          id={ids.title}
          className="editor-input"
          value={draft.title}
          required
          autoFocus={focusTitle}
          aria-invalid={problems.title ? true : undefined}
          aria-describedby={describedBy('title', `${ids.title}-help`)}
          onChange={(event) => set('title', event.target.value)}
        />
        <p id={`${ids.title}-help`} className="editor-field__help">
          {titleHelp(draft.type)}
        </p>
        {error('title')}
      </div>
      {types && (
        <div className="editor-field">
          <label className="editor-field__label" htmlFor={ids.type}>
            Type
          </label>
          <select
            id={ids.type}
            className="editor-input"
            value={draft.type}
            aria-describedby={describedBy('type')}
            onChange={(event) => setType(event.target.value)}
          >
            {types.map((type) => (
              <option key={type.value} value={type.value}>
                {type.label}
              </option>
            ))}
          </select>
          {error('type')}
        </div>
      )}
      {ownContent && (
        <>
          <div className="editor-field">
            {/* The label names a text box that is not a form control: a click on it focuses the text. */}
            <label
              className="editor-field__label"
              htmlFor={ids.content}
              onClick={() => document.getElementById(ids.content)?.focus()}
            >
              Texte (facultatif)
            </label>
            <RichTextField
              id={ids.content}
              label="Texte (facultatif)"
              format="html"
              value={draft.content ?? ''}
              describedBy={describedBy('content', `${ids.content}-help`)}
              invalid={Boolean(problems.content)}
              onChange={(value) => set('content', value)}
            />
            <p id={`${ids.content}-help`} className="editor-field__help">
              La touche Entrée commence un nouveau paragraphe ; les boutons au-dessus du texte le
              mettent en forme. Les scripts et ce qui pourrait nuire aux visiteurs sont retirés.
            </p>
            {error('content')}
          </div>
          <div className={`editor-field${problems.imageUrl ? ' editor-field--invalid' : ''}`}>
            <label className="editor-field__label" htmlFor={ids.imageUrl}>
              Adresse de l&apos;image (facultatif)
            </label>
            <input
              id={ids.imageUrl}
              className="editor-input"
              inputMode="url"
              value={draft.imageUrl}
              aria-invalid={problems.imageUrl ? true : undefined}
              aria-describedby={describedBy('imageUrl', `${ids.imageUrl}-help`)}
              onChange={(event) => set('imageUrl', event.target.value)}
            />
            <p id={`${ids.imageUrl}-help`} className="editor-field__help">
              Affichée sous le contenu pour une section de type « Image » (https://… ou /chemin).
            </p>
            {error('imageUrl')}
            <PhotoUpload id={ids.imageUrl} onUploaded={(address) => set('imageUrl', address)} />
          </div>
          <div className={`editor-field${problems.imageAlt ? ' editor-field--invalid' : ''}`}>
            <label className="editor-field__label" htmlFor={ids.imageAlt}>
              Description de la photo (lue aux personnes aveugles)
            </label>
            <input
              id={ids.imageAlt}
              className="editor-input"
              value={draft.imageAlt ?? ''}
              maxLength={ALT_MAX_LENGTH}
              aria-invalid={problems.imageAlt ? true : undefined}
              aria-describedby={describedBy('imageAlt', `${ids.imageAlt}-help`)}
              onChange={(event) => set('imageAlt', event.target.value)}
            />
            <p id={`${ids.imageAlt}-help`} className="editor-field__help">
              Décrit l&apos;image pour les personnes qui ne la voient pas. Obligatoire pour une
              section de type « Image ».
            </p>
            {error('imageAlt')}
          </div>
        </>
      )}
      {types && isEditableSectionType(draft.type) && (
        <p className="editor-field__help">
          Son contenu se modifie dans son propre éditeur une fois la section ajoutée.
        </p>
      )}
      <div className="add-section__actions">
        <button type="submit" className="button">
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Annuler
          </button>
        )}
      </div>
    </form>
  );
}

const EMPTY: SectionDraft = { title: '', type: 'text', content: '', imageUrl: '', imageAlt: '' };

interface AddSectionFormProps {
  sections: readonly Section[];
  onAdd: (draft: SectionDraft) => void;
}

/** The small form that adds a section at the end of the home page. */
export function AddSectionForm({ sections, onAdd }: AddSectionFormProps) {
  return (
    <SectionForm
      initial={EMPTY}
      types={newSectionTypes(sections)}
      problemsOf={(draft) => draftProblems(sections, draft)}
      submitLabel="Ajouter la section"
      onSubmit={onAdd}
      resetOnSubmit
    />
  );
}
