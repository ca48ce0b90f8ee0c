import { useMemo, type ReactNode } from 'react';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { validatorFor, type SiteContent } from '../../content/content.ts';
import { FORMS } from '../../content/generated/forms.ts';
import type { ContentByType, ContentType } from '../../content/generated/types.ts';
import { isSupabaseConfigured } from '../../lib/supabase.ts';
import { ConfigMissingNotice } from '../config-missing-notice.tsx';
import { ContentEditor } from '../editor/content-editor.tsx';
import { createContentValidator } from '../editor/content-validator.ts';
import { previewData } from '../editor/preview-data.ts';
import { FIELDS, WIDGETS } from '../editor/widgets/index.ts';
import { useSaveContentMutation } from './save-content.ts';
import { storedContentFallback } from './stored-content-fallback.tsx';
import { useStoredContent } from './use-stored-content.ts';
import './content-panel.css';

interface ContentPanelProps<T extends ContentType> {
  type: T;
  title: string;
  /** A sentence under the title, saying what the panel is for. */
  intro?: ReactNode;
  /** The public rendering of the values being typed, beside the stored content of other types. */
  renderPreview: (data: ContentByType[T], content: SiteContent) => ReactNode;
}

/**
 * A back-office panel for one content type, entirely from its declarations (the schema and form
 * hints, the generated validator): the generic form, its validation, the save and a preview.
 * Section editors and the panels of other types alike.
 */
export function ContentPanel<T extends ContentType>(props: ContentPanelProps<T>) {
  return (
    <>
      <title>{`${props.title} – Administration`}</title>
      <h1>{props.title}</h1>
      {props.intro && <p className="content-panel__intro">{props.intro}</p>}
      {isSupabaseConfigured ? <StoredContentEditor {...props} /> : <ConfigMissingNotice />}
    </>
  );
}

function StoredContentEditor<T extends ContentType>({ type, renderPreview }: ContentPanelProps<T>) {
  const load = useStoredContent();
  const { content } = load;
  const save = useSaveContentMutation();
  const { schema, uiSchema } = FORMS[type] as unknown as { schema: RJSFSchema; uiSchema: UiSchema };
  const validate = validatorFor(type);
  const validator = useMemo(() => createContentValidator(schema, validate), [schema, validate]);

  const fallback = storedContentFallback(load);
  if (fallback) return fallback;
  const stored = content[type] as ContentByType[T];
  return (
    <ContentEditor<ContentByType[T]>
      key={type}
      schema={schema}
      uiSchema={uiSchema}
      validator={validator}
      initialData={stored}
      draftKey={`content:${type}`}
      onSave={(data) => save.mutateAsync({ type, content: data })}
      renderPreview={(data) => renderPreview(previewData(validate, data, stored), content)}
      widgets={WIDGETS}
      fields={FIELDS}
    />
  );
}
