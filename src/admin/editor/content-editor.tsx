import { useCallback, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import type {
  CustomValidator,
  RegistryFieldsType,
  RegistryWidgetsType,
  RJSFSchema,
  UiSchema,
  ValidatorType,
} from '@rjsf/utils';
import { deepEquals } from '@rjsf/utils';
import { withoutConditions } from './content-validator.ts';
import { PreviewBoundary } from './preview-boundary.tsx';
import { SAVED_MESSAGE, useSaveStatus } from './save-status.ts';
import { EditorForm, formRules } from './editor-form.tsx';
import { keepFocus } from './form-behaviour.ts';
import { autosaveText, useAutosave } from './use-autosave.ts';
import type { VersionsQuery } from '../content/history-api.ts';
import { CONFLICT_MESSAGE, OVERWRITE_LABEL, RELOAD_LABEL } from '../content/save-conflict.ts';
import { History } from './history-panel.tsx';
import { useLocalDraft } from '../unsaved/local-draft.ts';
import { DraftOffer } from '../unsaved/draft-offer.tsx';
import { useUnsavedChanges } from '../unsaved/unsaved-changes.ts';
import { EditingNotice } from './editing-notice.tsx';
import { focusFormSoon } from './first-field.ts';
import { useEditingRoom } from './use-editing-room.ts';
import { usePreviewSender } from './use-preview-sender.ts';
import { Message } from '../../lib/message/message.tsx';

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
   * When a save is refused because the content changed elsewhere (a SaveConflictError): reads the
   * stored version again, for « Recharger la version enregistrée »…
   */
  onReload?: () => Promise<T>;
  /** …and saves the typed value over it, for « Garder mon texte et enregistrer quand même ». */
  onOverwrite?: (data: T) => Promise<void>;
  /** The earlier versions, newest first: with it, « Historique » lists them and restores one. */
  history?: VersionsQuery<T>;
  /**
   * Keeps what is typed and not saved yet in this browser under this key, and offers it back
   * on return (src/admin/unsaved/local-draft.ts); e.g. `content:hero`.
   */
  draftKey?: string;
  /**
   * The content's name for the other editors (e.g. `content:hero`): with it, the editor says who
   * else has it open and offers to reload when they save (src/admin/editor/use-editing-room.ts).
   */
  roomKey?: string;
  /**
   * A rule across fields that the schema cannot say (the theme's contrast), added to the form's
   * own checks: its errors show under their fields and hold the save back.
   */
  customValidate?: CustomValidator<T>;
}

/**
 * The one editor of every content type, generated from its schema. It validates a field when it
 * loses focus and the whole form on Save (never on each keystroke), shows our French messages
 * next to each field, and keeps what was typed when a save fails
 * (docs/decisions/018-failed-saves-are-shown.md). Leaving it with changes not saved asks first, and
 * those changes are kept in this browser until saved (docs/decisions/027-unsaved-changes.md).
 */
export function ContentEditor<T>(props: ContentEditorProps<T>) {
  const { schema, uiSchema, validator, initialData, renderPreview, autosave, onEdit } = props;
  const { onSave: save, onOverwrite: overwrite, onReload, history } = props;
  const room = useEditingRoom(props.roomKey);
  const { announceSave, clearSavedElsewhere } = room;
  // Every successful save is told to the others who have this content open.
  const onSave = useCallback(
    async (value: T) => {
      await save(value);
      void announceSave();
    },
    [save, announceSave],
  );
  const onOverwrite = useMemo(
    () =>
      overwrite &&
      (async (value: T) => {
        await overwrite(value);
        void announceSave();
      }),
    [overwrite, announceSave],
  );
  const [data, setData] = useState<T>(initialData);
  // What rjsf lays out; the validator and the French messages keep every rule (content-validator.ts).
  const layout = useMemo(() => withoutConditions(schema), [schema]);
  const extraValidate = props.customValidate;
  // The form's own checks, for telling whether a value may be saved on its own (autosave).
  const customValidate = useMemo(() => formRules(schema, extraValidate), [schema, extraValidate]);
  const isValid = useCallback(
    (value: T) =>
      validator.validateFormData(value, layout, customValidate, undefined, uiSchema).errors
        .length === 0,
    [validator, layout, customValidate, uiSchema],
  );
  // With autosave, the latest valid value is what is saved; an invalid one waits for a fix.
  const [savable, setSavable] = useState<T>(initialData);
  const [invalid, setInvalid] = useState(false);
  // Without autosave, the hook is given a value that never changes, so that it never saves: the
  // stored content read again after a save is a new `initialData`, not an edit to send.
  const [initial] = useState(initialData);
  const auto = useAutosave(autosave ? savable : initial, onSave);
  const { rebase } = auto;
  const latest = useRef(data);
  usePreviewSender(props.roomKey, data);
  const previewTitleId = useId();
  const { status, run, edited, reset } = useSaveStatus();
  // The last value known to be stored: without autosave, what differs from it is unsaved.
  const [stored, setStored] = useState<T>(initialData);

  /** Shows a value in the form as if typed (a reloaded or restored version). */
  const replaceData = useCallback(
    (next: T) => {
      latest.current = next;
      setData(next);
      onEdit?.(next);
    },
    [onEdit],
  );

  const reload = useCallback(async () => {
    if (!onReload) return;
    try {
      const current = await onReload();
      replaceData(current);
      setStored(current);
      // Saving on its own, the editor takes the reloaded version as stored: it is not sent back
      // (which would tell the others of a save nobody made), and a change still waiting is dropped.
      if (autosave) {
        rebase(current);
        setSavable(current);
        setInvalid(false);
      }
      reset();
      clearSavedElsewhere();
    } catch (error) {
      console.error('Erreur lors du rechargement du contenu', error);
    }
  }, [onReload, replaceData, reset, clearSavedElsewhere, autosave, rebase]);

  const restore = useCallback(
    (version: T) => {
      replaceData(version);
      void run(async () => {
        await onSave(version);
        setStored(version);
      });
    },
    [replaceData, run, onSave],
  );
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
  const handleSubmit = useCallback(
    (submitted: T) => {
      void run(async () => {
        await onSave(submitted);
        setStored(submitted);
      });
    },
    [onSave, run],
  );

  const saving = status.kind === 'saving';
  // The boxes around the form close with the focus on the button pressed: it goes back to the
  // form (docs/decisions/092-focus-follows-actions.md).
  const formSide = useRef<HTMLDivElement>(null);
  const backToForm = () => focusFormSoon(formSide.current);
  return (
    <div className={renderPreview ? 'editor editor--with-preview' : 'editor'}>
      <div className="editor__form" ref={formSide}>
        {props.roomKey && (
          <EditingNotice
            room={room}
            unsaved={unsaved}
            onReload={onReload && (() => void reload())}
            moveFocus={backToForm}
          />
        )}
        {props.intro}
        {history && (
          <History<T>
            history={history}
            renderPreview={renderPreview ?? (() => null)}
            onRestore={restore}
          />
        )}
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
        <EditorForm<T>
          schema={schema}
          uiSchema={uiSchema}
          validator={validator}
          formData={data}
          onChange={applyEdit}
          onSubmit={handleSubmit}
          widgets={props.widgets}
          fields={props.fields}
          customValidate={extraValidate}
        >
          {autosave ? (
            <div className="editor__actions">
              <p className="editor__saved" role="status">
                {invalid ? UNSAVED_INVALID : autosaveText(auto.status)}
              </p>
              {auto.status.kind === 'failed' && (
                <Message kind="error" as="div" className="editor__failed">
                  <p className="editor__failed-text">{auto.status.message}</p>
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() => {
                      void auto.retry();
                      backToForm();
                    }}
                  >
                    Réessayer
                  </button>
                </Message>
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
                <Message kind="error" className="editor__failed">
                  {status.message}
                </Message>
              )}
              {status.kind === 'conflict' && (
                <Message kind="error" as="div" className="editor__failed editor__conflict">
                  <p className="editor__failed-text">{CONFLICT_MESSAGE}</p>
                  {onReload && (
                    <button
                      type="button"
                      className="button button--small button--secondary"
                      onClick={() => {
                        void reload();
                        backToForm();
                      }}
                    >
                      {RELOAD_LABEL}
                    </button>
                  )}
                  {onOverwrite && (
                    <button
                      type="button"
                      className="button button--small"
                      onClick={() => {
                        const kept = latest.current;
                        void run(async () => {
                          await onOverwrite(kept);
                          setStored(kept);
                        });
                        backToForm();
                      }}
                    >
                      {OVERWRITE_LABEL}
                    </button>
                  )}
                </Message>
              )}
            </div>
          )}
        </EditorForm>
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
