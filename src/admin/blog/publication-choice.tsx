import { useId, type Ref } from 'react';
import { isoToParisInput, parisInputToIso } from '../../lib/dates-paris.ts';
import type { PublicationChoice } from './publication.ts';
import { Message } from '../../lib/message/message.tsx';

export interface PublicationChoiceProps {
  choice: PublicationChoice;
  /** « Publier maintenant », or « Publié le … » for a post already online. */
  publishLabel: string;
  /** The programmed date and time (ISO), null while none is typed. */
  at: string | null;
  error: string | null;
  onChoice: (choice: PublicationChoice) => void;
  onDate: (at: string | null) => void;
  dateRef?: Ref<HTMLInputElement>;
}

/**
 * The article form's « Publication »: one choice among publishing now, programming a date and time
 * (typed in Paris time), or keeping a draft (src/admin/blog/publication.ts).
 */
export function PublicationChoiceField(props: PublicationChoiceProps) {
  const { choice, publishLabel, at, error, onChoice, onDate, dateRef } = props;
  const id = useId();
  const options: { value: PublicationChoice; label: string }[] = [
    { value: 'publish', label: publishLabel },
    { value: 'schedule', label: 'Programmer' },
    { value: 'draft', label: 'Brouillon' },
  ];
  return (
    <fieldset className="editor-group blog-form__publication">
      <legend className="editor-group__title">Publication</legend>
      <div className="blog-form__choices">
        {options.map((option) => (
          <label key={option.value} className="blog-form__choice">
            <input
              type="radio"
              name={`${id}-choice`}
              value={option.value}
              checked={choice === option.value}
              onChange={() => onChoice(option.value)}
            />{' '}
            {option.label}
          </label>
        ))}
      </div>
      {choice === 'schedule' && (
        <div className="editor-field">
          <label htmlFor={`${id}-at`} className="editor-field__label">
            Date et heure de publication
          </label>
          <input
            ref={dateRef}
            id={`${id}-at`}
            type="datetime-local"
            className="editor-input blog-form__date"
            value={isoToParisInput(at)}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
            onChange={(event) => onDate(parisInputToIso(event.target.value))}
          />
          <p id={`${id}-help`} className="editor-field__help">
            Date et heure de Paris. L’article sera publié automatiquement à ce moment-là.
          </p>
          {error && (
            <Message
              kind="error"
              id={`${id}-error`}
              className="message--inline editor-field__error"
            >
              {error}
            </Message>
          )}
        </div>
      )}
    </fieldset>
  );
}
