import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { validatorFor } from '../../content/content.ts';
import { FORMS } from '../../content/generated/forms.ts';
import { createContentValidator } from '../editor/content-validator.ts';
import { EditorForm } from '../editor/editor-form.tsx';
import { WIDGETS } from '../editor/widgets/index.ts';
import { formFromPost, type BlogPost, type BlogPostForm } from './blog-post.ts';
import type { VersionsQuery } from '../content/history-api.ts';
import { History } from '../editor/history-panel.tsx';
import { PostPreview } from './post-preview.tsx';
import { PublicationChoiceField } from './publication-choice.tsx';
import {
  applyChoice,
  finalPublication,
  MISSING_DATE,
  publicationChoice,
  publishLabel,
  scheduledDate,
  type PublicationChoice,
} from './publication.ts';
import { keepFocus } from '../editor/form-behaviour.ts';
import { deepEquals } from '@rjsf/utils';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { DraftOffer } from '../unsaved/draft-offer.tsx';
import { useLocalDraft } from '../unsaved/local-draft.ts';
import {
  LEAVE_LABEL,
  LEAVE_TEXT,
  LEAVE_TITLE,
  STAY_LABEL,
} from '../unsaved/unsaved-changes-guard.tsx';
import { useUnsavedChanges } from '../unsaved/unsaved-changes.ts';
import { EditingNotice } from '../editor/editing-notice.tsx';
import type { EditingRoom } from '../editor/use-editing-room.ts';

const { schema, uiSchema: baseUiSchema } = FORMS['blog-post'] as unknown as {
  schema: RJSFSchema;
  uiSchema: UiSchema;
};

/**
 * The blog-post form hints. The two stored dates are not fields of their own: the one publishing
 * choice below the form sets them (PublicationChoiceField).
 */
export const BLOG_UI_SCHEMA = {
  ...baseUiSchema,
  published_at: { 'ui:widget': 'hidden' },
  scheduled_at: { 'ui:widget': 'hidden' },
} as UiSchema as UiSchema<BlogPostForm>;

let validator: ReturnType<typeof createContentValidator> | undefined;
function blogValidator() {
  validator ??= createContentValidator(schema, validatorFor('blog-post'));
  return validator;
}

export interface BlogFormProps {
  /** 'new' or 'edit' (the form's states; closed is the form not being rendered). */
  mode: 'new' | 'edit';
  initialData: BlogPostForm;
  /** Stores the post; the page shows the outcome and closes the form on success. */
  onSubmit: (data: BlogPostForm) => Promise<void>;
  onCancel: () => void;
  /** An edited post's earlier versions: « Historique » lists them and restores one. */
  history?: VersionsQuery<BlogPost>;
  /** Where what is typed is kept until saved (postDraftKey); the page clears it once saved. */
  draftKey?: string;
  /**
   * An edited post's room (`post:<id>`), held by the page so that it outlives the form, which
   * closes on a save: who else has the post open, and their saves.
   */
  room?: EditingRoom;
  /** Reads the post as stored now into the form (« Recharger la version enregistrée »). */
  onReload?: () => void;
}

/** The local draft of a post's form: its id, or the new post's. */
export function postDraftKey(id: string | null): string {
  return id ? `post:${id}` : 'post:new';
}

/**
 * The article form (docs/product.md#blog-panel): title, content (with its toolbar), excerpt (2 rows),
 * cover image URL, then one publishing choice (now, programmed in Paris time, or draft); the schema's
 * rules with our French messages, checked on blur and on save, by the back-office's one form
 * (docs/decisions/086-one-form-wiring.md). Closing it, or leaving the page, with
 * changes not saved asks first, and those changes are kept in this browser until saved
 * (docs/decisions/027-unsaved-changes.md).
 */
export function BlogForm(props: BlogFormProps) {
  const { mode, initialData, onSubmit, onCancel, history, draftKey } = props;
  const [data, setData] = useState<BlogPostForm>(initialData);
  const [askCancel, setAskCancel] = useState(false);
  const unsaved = !deepEquals(data, initialData);
  const draft = useLocalDraft(draftKey, initialData, data, unsaved);
  useUnsavedChanges(unsaved, draft.discard);
  const [saving, setSaving] = useState(false);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const formValidator = useMemo(() => blogValidator(), []);
  const [choice, setChoice] = useState<PublicationChoice>(() => publicationChoice(initialData));
  const [scheduleAt, setScheduleAt] = useState(() => scheduledDate(initialData));
  const [dateError, setDateError] = useState<string | null>(null);
  const dateInput = useRef<HTMLInputElement>(null);
  // Read once: the first option's label says what it does for the post as it was opened.
  const [firstLabel] = useState(() => publishLabel(initialData));

  const choose = useCallback(
    (next: PublicationChoice, at: string | null) => {
      setChoice(next);
      setScheduleAt(at);
      setDateError(null);
      setData((current) => applyChoice(current, next, initialData, at));
    },
    [initialData],
  );

  /** Values put back whole (a draft kept in this browser): the choice follows them. */
  const replaceData = useCallback((value: BlogPostForm) => {
    setData(value);
    setChoice(publicationChoice(value));
    setScheduleAt(scheduledDate(value));
    setDateError(null);
  }, []);

  // The form opens where the owner's attention goes: its title.
  useEffect(() => heading.current?.focus(), []);

  const handleSubmit = useCallback(
    (formData: BlogPostForm) => {
      if (choice === 'schedule' && !scheduleAt) {
        setDateError(MISSING_DATE);
        dateInput.current?.focus();
        return;
      }
      const submitted = finalPublication(formData, choice, initialData);
      setSaving(true);
      void onSubmit(submitted).finally(() => setSaving(false));
    },
    [onSubmit, choice, scheduleAt, initialData],
  );

  /** A version restored is saved as a new one, through the same save as the form's. */
  const restore = useCallback(
    (version: BlogPost) => {
      const restored = formFromPost(version);
      setData(restored);
      setSaving(true);
      void onSubmit(restored).finally(() => setSaving(false));
    },
    [onSubmit],
  );

  return (
    <section className="blog-form editor__form" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className="blog-form__title">
        {mode === 'new' ? 'Nouvel article' : "Modifier l'article"}
      </h2>
      {props.room && (
        <EditingNotice
          room={props.room}
          unsaved={unsaved}
          onReload={props.onReload}
          moveFocus={() => requestAnimationFrame(() => heading.current?.focus())}
        />
      )}
      {history && (
        <History<BlogPost>
          history={history}
          renderPreview={(version) => <PostPreview post={version} />}
          onRestore={restore}
        />
      )}
      {draft.offered && (
        <DraftOffer
          draft={draft.offered}
          onRestore={(value) => {
            draft.accept();
            replaceData(value);
          }}
          onDismiss={draft.dismiss}
        />
      )}
      <EditorForm<BlogPostForm>
        schema={schema}
        uiSchema={BLOG_UI_SCHEMA}
        validator={formValidator}
        formData={data}
        onChange={setData}
        onSubmit={handleSubmit}
        widgets={WIDGETS}
      >
        <PublicationChoiceField
          choice={choice}
          publishLabel={firstLabel}
          at={scheduleAt}
          error={dateError}
          onChoice={(next) => choose(next, scheduleAt)}
          onDate={(at) => choose('schedule', at)}
          dateRef={dateInput}
        />
        <div className="editor__actions blog-form__actions">
          <button type="submit" className="button" disabled={saving} onMouseDown={keepFocus}>
            {saving ? 'Enregistrement…' : 'Enregistrer'}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onMouseDown={keepFocus}
            onClick={() => (unsaved ? setAskCancel(true) : onCancel())}
          >
            Annuler
          </button>
        </div>
      </EditorForm>
      {askCancel && (
        <ConfirmDialog
          title={LEAVE_TITLE}
          confirmLabel={LEAVE_LABEL}
          cancelLabel={STAY_LABEL}
          onConfirm={() => {
            setAskCancel(false);
            draft.discard();
            onCancel();
          }}
          onCancel={() => setAskCancel(false)}
        >
          <p>{LEAVE_TEXT}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
