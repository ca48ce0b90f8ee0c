import { useState, type FocusEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { describedByIds } from '../theme/described-by.ts';
import { PhotoUpload } from '../../media/index.ts';
import { ImagePreview } from './image-preview.tsx';

/** One of the images offered in `ui:options.choices`. */
export interface ImageOption {
  src: string;
  label: string;
}

/** The `choices` option as written in a `*.ui.json`; anything malformed is dropped. */
export function parseChoices(choices: unknown): ImageOption[] {
  if (!Array.isArray(choices)) return [];
  return choices.filter(
    (choice): choice is ImageOption =>
      typeof choice === 'object' &&
      choice !== null &&
      typeof (choice as ImageOption).src === 'string' &&
      typeof (choice as ImageOption).label === 'string',
  );
}

export interface ImageChoiceProps {
  /** rjsf's id for the field; every element inside derives its id from it. */
  id: string;
  /** The field's name, read as the name of the group. */
  label: string;
  value: string | undefined;
  choices: readonly ImageOption[];
  onChange: (value: string | undefined) => void;
  onBlur?: (value: string | undefined) => void;
  onFocus?: (value: string | undefined) => void;
  disabled?: boolean;
  invalid?: boolean;
  /** The ids of the field's description, errors and help that are on the page. */
  describedBy?: string;
}

/**
 * A fixed list of images shown as thumbnails, any address typed by the owner, or a photo sent
 * from the device (then its address in the media bucket).
 */
export function ImageChoice(props: ImageChoiceProps) {
  const { id, label, value, choices, onChange, disabled = false, invalid = false } = props;
  const selected = choices.findIndex((choice) => choice.src === value);
  const isCustom = selected < 0;
  // What was typed in the address box survives a detour through a thumbnail.
  const [draft, setDraft] = useState(isCustom ? (value ?? '') : '');
  const address = isCustom ? (value ?? '') : draft;
  const { describedBy } = props;
  const radioName = `${id}-choice`;

  const typeAddress = (text: string) => {
    setDraft(text);
    onChange(text === '' ? undefined : text);
  };
  const leave = (event: FocusEvent<HTMLElement>) => {
    // Focus moving between the group's own controls is not leaving the field.
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    const trimmed = value?.trim();
    if (trimmed !== value) onChange(trimmed === '' ? undefined : trimmed);
    props.onBlur?.(trimmed === '' ? undefined : trimmed);
  };
  const enter = (event: FocusEvent<HTMLElement>) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    props.onFocus?.(value);
  };

  return (
    <div className="image-choice" id={id} tabIndex={-1} onBlur={leave} onFocus={enter}>
      <fieldset className="image-choice__group">
        <legend className="visually-hidden">{label}</legend>
        {/* Without images to offer, the field is its address and the upload. */}
        {choices.length > 0 && (
          <div className="image-choice__thumbnails">
            {choices.map((choice, index) => (
              <label key={choice.src} className="image-choice__option">
                <input
                  type="radio"
                  name={radioName}
                  id={`${id}-choice-${index}`}
                  value={choice.src}
                  checked={index === selected}
                  disabled={disabled}
                  aria-invalid={invalid || undefined}
                  aria-describedby={describedBy}
                  onChange={() => onChange(choice.src)}
                />
                {/* The visible caption names the choice; the thumbnail only illustrates it. */}
                <img src={choice.src} alt="" width={120} height={68} loading="lazy" />
                <span className="image-choice__caption">{choice.label}</span>
              </label>
            ))}
            <label className="image-choice__option image-choice__option--custom">
              <input
                type="radio"
                name={radioName}
                id={`${id}-custom`}
                value=""
                checked={isCustom}
                disabled={disabled}
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
                onChange={() => onChange(draft === '' ? undefined : draft)}
              />
              <span className="image-choice__caption">Autre image (adresse)</span>
            </label>
          </div>
        )}
        <div className="image-choice__address">
          <label htmlFor={`${id}-url`}>Adresse de l’image</label>
          <input
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            id={`${id}-url`}
            value={address}
            placeholder="https://… ou /images/…"
            disabled={disabled}
            aria-invalid={(invalid && isCustom) || undefined}
            aria-describedby={describedBy}
            onChange={(event) => typeAddress(event.target.value)}
          />
        </div>
        <PhotoUpload id={id} disabled={disabled} onUploaded={typeAddress} />
      </fieldset>
      <figure className="image-choice__preview">
        <ImagePreview src={value} alt={`Aperçu : ${choices[selected]?.label ?? 'image choisie'}`} />
        <figcaption>Aperçu</figcaption>
      </figure>
    </div>
  );
}

/** `ui:widget: "imageChoice"`, with `ui:options.choices: [{ src, label }]`. */
export function ImageChoiceWidget(props: WidgetProps) {
  const { id, label, value, options, disabled, readonly, rawErrors } = props;
  return (
    <ImageChoice
      id={id}
      label={label}
      value={typeof value === 'string' ? value : undefined}
      choices={parseChoices(options.choices)}
      onChange={(next) => props.onChange(next ?? options.emptyValue)}
      onBlur={(next) => props.onBlur(id, next)}
      onFocus={(next) => props.onFocus(id, next)}
      disabled={disabled || readonly}
      invalid={(rawErrors?.length ?? 0) > 0}
      describedBy={describedByIds(props)}
    />
  );
}
