import { useCallback, useMemo, useRef, type ReactNode } from 'react';
import type { CustomValidator, RegistryFieldsType, RJSFSchema, UiSchema } from '@rjsf/utils';
import { parseContent, validatorFor, type SiteContent } from '../../content/content.ts';
import { FORMS } from '../../content/generated/forms.ts';
import type { ContentByType, ContentType } from '../../content/generated/types.ts';
import { useSupabase } from '../client/client-context.tsx';
import { ConfigMissingNotice } from '../ui/config-missing-notice.tsx';
import { ContentEditor } from '../editor/content-editor.tsx';
import { createContentValidator } from '../editor/content-validator.ts';
import { previewData } from '../editor/preview-data.ts';
import { FIELDS, WIDGETS } from '../editor/widgets/index.ts';
import { useFocusRequestedField } from '../completeness/index.ts';
import { versionsQuery } from './history-api.ts';
import { fetchStoredContent, useSaveContentMutation } from './save-content.ts';
import { useVersionedContent } from './stored-content-fallback.tsx';
import './content-panel.css';
import { AdminTitle } from '../shell/new-requests.tsx';

interface ContentPanelProps<T extends ContentType> {
  type: T;
  title: string;
  /** A sentence under the title, saying what the panel is for. */
  intro?: ReactNode;
  /** The public rendering of the values being typed, beside the stored content of other types. */
  renderPreview: (data: ContentByType[T], content: SiteContent) => ReactNode;
  /** A rule across fields the schema cannot say (ContentEditor's `customValidate`). */
  customValidate?: CustomValidator<ContentByType[T]>;
}

/**
 * A back-office panel for one content type, entirely from its declarations (the schema and form
 * hints, the generated validator): the generic form, its validation, the save and a preview.
 * Section editors and the panels of other types alike.
 */
export function ContentPanel<T extends ContentType>(props: ContentPanelProps<T>) {
  const configured = useSupabase() !== null;
  return (
    <>
      <AdminTitle>{props.title}</AdminTitle>
      <h1>{props.title}</h1>
      {props.intro && <p className="content-panel__intro">{props.intro}</p>}
      {configured ? <StoredContentEditor {...props} /> : <ConfigMissingNotice />}
    </>
  );
}

/** What a guided step changes of the panel's editor (src/admin/garage-setup). */
interface EditorVariant<T extends ContentType> {
  /**
   * The type's form narrowed to some of its fields (same `$id`, same rules): the generated
   * validator still checks the whole content, which keeps the other fields as stored.
   */
  form?: { schema: RJSFSchema; uiSchema: UiSchema };
  /** Custom fields named by that form's uiSchema, beside the editors' own. */
  extraFields?: RegistryFieldsType;
  /** Told after each save that went through (e.g. to reload a view of the public page). */
  onSaved?: () => void;
  renderPreview?: ContentPanelProps<T>['renderPreview'];
}

type StoredEditorProps<T extends ContentType> = Pick<
  ContentPanelProps<T>,
  'type' | 'customValidate'
> &
  EditorVariant<T>;

/** The editor of one type once its stored content and version are read (a panel's own layout). */
export function StoredContentEditor<T extends ContentType>(props: StoredEditorProps<T>) {
  const loaded = useVersionedContent();
  if (!loaded.ready) return loaded.fallback;
  return (
    <VersionedEditor<T>
      key={props.type}
      {...props}
      content={loaded.content}
      base={loaded.versions[props.type] ?? null}
    />
  );
}

/**
 * The editor of one type, whose saves carry the version they are based on: a save over a version
 * saved elsewhere meanwhile is refused and the owner chooses (docs/decisions/026-no-silent-overwrite.md).
 */
function VersionedEditor<T extends ContentType>({
  type,
  renderPreview,
  customValidate,
  content,
  base,
  form,
  extraFields,
  onSaved,
}: StoredEditorProps<T> & {
  content: SiteContent;
  base: string | null;
}) {
  const client = useSupabase();
  const save = useSaveContentMutation();
  const { schema, uiSchema } =
    form ?? (FORMS[type] as unknown as { schema: RJSFSchema; uiSchema: UiSchema });
  const validate = validatorFor(type);
  const validator = useMemo(() => createContentValidator(schema, validate), [schema, validate]);
  // The stored version this editor's content is based on; each save moves it.
  const version = useRef<string | null>(base);
  const stored = content[type] as ContentByType[T];
  // « À compléter » links here with the field to fill named in the address.
  useFocusRequestedField();

  const onSave = useCallback(
    async (data: ContentByType[T]) => {
      version.current = await save.mutateAsync({ type, content: data, base: version.current });
      onSaved?.();
    },
    [save, type, onSaved],
  );
  const onOverwrite = useCallback(
    async (data: ContentByType[T]) => {
      version.current = await save.mutateAsync({ type, content: data });
      onSaved?.();
    },
    [save, type, onSaved],
  );
  const fields = useMemo(() => ({ ...FIELDS, ...extraFields }), [extraFields]);
  const onReload = useCallback(async () => {
    const row = await fetchStoredContent(client, type);
    version.current = row?.updated_at ?? null;
    return parseContent(type, row?.content);
  }, [client, type]);
  const history = useMemo(
    () => versionsQuery<ContentByType[T]>(client, 'content', type),
    [client, type],
  );

  return (
    <ContentEditor<ContentByType[T]>
      schema={schema}
      uiSchema={uiSchema}
      validator={validator}
      initialData={stored}
      draftKey={`content:${type}`}
      roomKey={`content:${type}`}
      onSave={onSave}
      onReload={onReload}
      onOverwrite={onOverwrite}
      history={history}
      renderPreview={
        renderPreview && ((data) => renderPreview(previewData(validate, data, stored), content))
      }
      widgets={WIDGETS}
      fields={fields}
      customValidate={customValidate}
    />
  );
}
