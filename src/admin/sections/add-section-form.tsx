import { useId, useState, type FormEvent } from 'react';
import type { Section } from '../../content/generated/types.ts';
import { FORMS } from '../../content/generated/forms.ts';
import { validatorFor } from '../../content/content.ts';
import { describeErrors } from '../../content/errors.ts';
import { addSection, type SectionDraft } from './sections-model.ts';

/** The kinds of section the owner can add: the public page shows both as a generic block. */
export const NEW_SECTION_TYPES = [
  { value: 'text', label: 'Texte' },
  { value: 'image', label: 'Image' },
] as const;

type DraftField = 'title' | 'type' | 'content' | 'imageUrl';
export type DraftProblems = Partial<Record<DraftField, string>>;

/**
 * The French problems of a new section, per field, from the `sections` schema (the same rules
 * the database applies), checked on the whole list it would make.
 */
export function draftProblems(sections: readonly Section[], draft: SectionDraft): DraftProblems {
  const candidate = addSection(sections, draft, 0);
  const index = candidate.length - 1;
  const validate = validatorFor('sections');
  if (validate(candidate)) return {};
  const problems: DraftProblems = {};
  for (const problem of describeErrors(validate.errors ?? [], FORMS.sections.schema)) {
    const match = new RegExp(`^/${index}/(\\w+)$`).exec(problem.pointer);
    const field = match?.[1] as DraftField | undefined;
    if (field && ['title', 'type', 'content', 'imageUrl'].includes(field) && !problems[field]) {
      problems[field] = problem.message;
    }
  }
  // A problem elsewhere in the list is not the new section's: let the server say it.
  return problems;
}

const EMPTY: SectionDraft = { title: '', type: 'text', content: '', imageUrl: '' };

interface AddSectionFormProps {
  sections: readonly Section[];
  /** Adds the section; returns false when nothing was added. */
  onAdd: (draft: SectionDraft) => void;
}

/** The small form that adds a section at the end of the home page. */
export function AddSectionForm({ sections, onAdd }: AddSectionFormProps) {
  const [draft, setDraft] = useState<SectionDraft>(EMPTY);
  const [problems, setProblems] = useState<DraftProblems>({});
  const id = useId();
  const ids = {
    title: `${id}-title`,
    type: `${id}-type`,
    content: `${id}-content`,
    imageUrl: `${id}-image`,
  };

  const set = (field: DraftField, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    if (problems[field]) setProblems((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = draftProblems(sections, draft);
    setProblems(found);
    const first = (Object.keys(ids) as DraftField[]).find((field) => found[field]);
    if (first) {
      document.getElementById(ids[first])?.focus();
      return;
    }
    onAdd(draft);
    setDraft(EMPTY);
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
          aria-invalid={problems.title ? true : undefined}
          aria-describedby={describedBy('title')}
          onChange={(event) => set('title', event.target.value)}
        />
        {error('title')}
      </div>
      <div className="editor-field">
        <label className="editor-field__label" htmlFor={ids.type}>
          Type
        </label>
        <select
          id={ids.type}
          className="editor-input"
          value={draft.type}
          aria-describedby={describedBy('type')}
          onChange={(event) => set('type', event.target.value)}
        >
          {NEW_SECTION_TYPES.map((type) => (
            <option key={type.value} value={type.value}>
              {type.label}
            </option>
          ))}
        </select>
        {error('type')}
      </div>
      <div className="editor-field">
        <label className="editor-field__label" htmlFor={ids.content}>
          Contenu (HTML, facultatif)
        </label>
        <textarea
          id={ids.content}
          className="editor-input"
          rows={5}
          value={draft.content}
          aria-describedby={describedBy('content', `${ids.content}-help`)}
          onChange={(event) => set('content', event.target.value)}
        />
        <p id={`${ids.content}-help`} className="editor-field__help">
          Paragraphes, listes, liens et mises en forme simples ; les scripts sont retirés.
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
      </div>
      <button type="submit" className="button">
        Ajouter la section
      </button>
    </form>
  );
}
