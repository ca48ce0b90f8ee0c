import { useCallback, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import Form, { type IChangeEvent } from '@rjsf/core';
import type {
  RegistryFieldsType,
  RegistryWidgetsType,
  RJSFSchema,
  UiSchema,
  ValidatorType,
} from '@rjsf/utils';
import { deepEquals } from '@rjsf/utils';
import { frenchErrors } from './content-validator.ts';
import { PreviewBoundary } from './preview-boundary.tsx';
import { SAVED_MESSAGE, useSaveStatus } from './save-status.ts';
import { EDITOR_TEMPLATES, EDITOR_WIDGETS } from './theme/index.ts';
import '../styles/editor.css';
import { FORM_BEHAVIOUR, keepFocus, useFocusFirstInvalid } from './form-behaviour.ts';
import { requiredNotBlank } from './required-fields.ts';
import { autosaveText, useAutosave } from './use-autosave.ts';
import { useLocalDraft } from '../unsaved/local-draft.ts';
import { DraftOffer } from '../unsaved/draft-offer.tsx';
import { useUnsavedChanges } from '../unsaved/unsaved-changes.ts';

const UNSAVED_INVALID = 'Modifications non enregistrées : corrigez les champs signalés.';

export interface ContentEditorProps<T> {
  /** The content type's JSON Schema: labels, help, rules. */
  schema: RJSFSchema;
  /** Its form hints (widgets, rows, order). */
  uiSchema?: UiSchema;
  /** See content-validator.ts: no `eval`, the generated validator of this schema. */
  validator: ValidatorType<T>;
  initialData: T;
  /** Stores the content; a rejection's message is shown under the Save button. */
  onSave: (data: T) => Promise<void>;
  /** The live preview of the values being typed (valid or not). */
  renderPreview?: (data: T) => ReactNode;
  /** Custom widgets and fields named by uiSchemas (src/admin/editor/widgets). */
  widgets?: RegistryWidgetsType<T>;
  fields?: RegistryFieldsType<T>;
  /**
   * Saves each valid change on its own, shortly after the last edit, instead of a Save button;
   * the status line says what is waiting, saving or saved, and a failure offers to try again.
   */
  autosave?: boolean;
  /** Told of every new value as it is typed (valid or not). */
  onEdit?: (data: T) => void;
  /** Shown above the fields (instructions). */
  intro?: ReactNode;
  /**
   * Keeps what is typed and not saved yet in this browser under this key, and offers it back
   * on return (src/admin/unsaved/local-draft.ts); e.g. `content:hero`.
   */
  draftKey?: string;
}

/**
 * The one editor of every content type, generated from its schema. It validates a field when it
 * loses focus and the whole form on Save (never on each keystroke), shows our French messages
 * next to each field, and keeps what was typed when a save fails
 * (docs/decisions/018-failed-saves-are-shown.md). Leaving it with changes not saved asks first, and
 * those changes are kept in this browser until saved (docs/decisions/027-unsaved-changes.md).
 */
export function ContentEditor<T>(props: ContentEditorProps<T>) {
  const { schema, uiSchema, validator, initialData, onSave, renderPreview, autosave, onEdit } =
    props;
  const [data, setData] = useState<T>(initialData);
  const customValidate = useMemo(() => requiredNotBlank<T>(schema), [schema]);
  const isValid = useCallback(
    (value: T) =>
      validator.validateFormData(value, schema, customValidate, undefined, uiSchema).errors
        .length === 0,
    [validator, schema, customValidate, uiSchema],
  );
  // With autosave, the latest valid value is what is saved; an invalid one waits for a fix.
  const [savable, setSavable] = useState<T>(initialData);
  const [invalid, setInvalid] = useState(false);
  const auto = useAutosave(autosave ? savable : initialData, onSave);
  const latest = useRef(data);
  const container = useRef<HTMLDivElement>(null);
  const previewTitleId = useId();
  const { status, run, edited } = useSaveStatus();
  const transformErrors = useMemo(() => frenchErrors(schema), [schema]);
  const widgets = useMemo(() => ({ ...EDITOR_WIDGETS, ...props.widgets }), [props.widgets]);
  // Without autosave, what differs from the last value stored; with it, a save waiting or failed.
  const [stored, setStored] = useState<T>(initialData);
  const unsaved = autosave
    ? invalid || ['pending', 'saving', 'failed'].includes(auto.status.kind)
    : !deepEquals(data, stored);
  const draft = useLocalDraft(props.draftKey, initialData, data, unsaved);
  useUnsavedChanges(unsaved, draft.discard);

  const applyEdit = useCallback(
    (next: T) => {
      // rjsf also reports a blur's validation as a change: only a new value is an edit.
      if (deepEquals(next, latest.current)) return;
      latest.current = next;
      setData(next);
      onEdit?.(next);
      if (autosave) {
        const valid = isValid(next);
        setInvalid(!valid);
        if (valid) setSavable(next);
      } else {
        edited();
      }
    },
    [edited, onEdit, autosave, isValid],
  );
  const handleChange = useCallback(
    (event: IChangeEvent<T>) => applyEdit(event.formData as T),
    [applyEdit],
  );

  const handleSubmit = useCallback(
    (event: IChangeEvent<T>) => {
      const submitted = event.formData as T;
      void run(async () => {
        await onSave(submitted);
        setStored(submitted);
      });
    },
    [onSave, run],
  );

  const focusFirstInvalid = useFocusFirstInvalid(container);

  const saving = status.kind === 'saving';
  return (
    <div className={renderPreview ? 'editor editor--with-preview' : 'editor'}>
      <div className="editor__form" ref={container}>
        {props.intro}
        {draft.offered && (
          <DraftOffer
            draft={draft.offered}
            onRestore={(value) => {
              draft.accept();
              applyEdit(value);
            }}
            onDismiss={draft.dismiss}
          />
        )}
        <Form<T>
          schema={schema}
          uiSchema={uiSchema}
          validator={validator}
          formData={data}
          onChange={handleChange}
          onSubmit={handleSubmit}
          templates={EDITOR_TEMPLATES}
          widgets={widgets}
          fields={props.fields}
          {...FORM_BEHAVIOUR}
          transformErrors={transformErrors}
          customValidate={customValidate}
          focusOnFirstError={focusFirstInvalid}
        >
          {autosave ? (
            <div className="editor__actions">
              <p className="editor__saved" role="status">
                {invalid ? UNSAVED_INVALID : autosaveText(auto.status)}
              </p>
              {auto.status.kind === 'failed' && (
                <div className="form__error editor__failed" role="alert">
                  <p className="editor__failed-text">{auto.status.message}</p>
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() => void auto.retry()}
                  >
                    Réessayer
                  </button>
                </div>
              )}
            </div>
          ) : (
            <div className="editor__actions">
              <button type="submit" className="button" disabled={saving} onMouseDown={keepFocus}>
                {saving ? 'Enregistrement…' : 'Enregistrer'}
              </button>
              <p className="editor__saved" role="status">
                {status.kind === 'saved' ? SAVED_MESSAGE : ''}
              </p>
              {status.kind === 'failed' && (
                <p className="form__error editor__failed" role="alert">
                  {status.message}
                </p>
              )}
            </div>
          )}
        </Form>
      </div>
      {renderPreview && (
        <section className="editor__preview" aria-labelledby={previewTitleId}>
          <h2 id={previewTitleId} className="editor__preview-title">
            Aperçu en direct
          </h2>
          {/* A picture of the page, not part of it: its links and buttons must not take the owner
              away from unsaved changes, and its headings (the public h1) are not this page's. */}
          <div className="editor__preview-frame" inert aria-hidden="true">
            <PreviewBoundary data={data}>{renderPreview(data)}</PreviewBoundary>
          </div>
        </section>
      )}
    </div>
  );
}
