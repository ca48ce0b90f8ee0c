import { useMemo, type ComponentType } from 'react';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { validatorFor } from '../../content/content.ts';
import { FORMS } from '../../content/generated/forms.ts';
import type { ContentByType } from '../../content/generated/types.ts';
import { isSupabaseConfigured } from '../../lib/supabase.ts';
import {
  SECTION_TYPES,
  sectionEditor,
  type EditableSectionType,
} from '../../content/section-types.ts';
import { SECTION_COMPONENTS } from '../../site/sections/registry.ts';
import { ConfigMissingNotice } from '../config-missing-notice.tsx';
import { useSaveContentMutation } from '../content/save-content.ts';
import { useStoredContent } from '../content/use-stored-content.ts';
import { ContentEditor } from '../editor/content-editor.tsx';
import { createContentValidator } from '../editor/content-validator.ts';
import { previewData } from '../editor/preview-data.ts';
import { FIELDS, WIDGETS } from '../editor/widgets/index.ts';
import { storedContentFallback } from '../content/stored-content-fallback.tsx';

/**
 * The editor of one home section, entirely from its declarations: the schema and form hints
 * (FORMS), the generated validator, and the public component for the preview (SECTION_COMPONENTS).
 * No section has code of its own here.
 */
export function SectionEditorPage<T extends EditableSectionType>({ type }: { type: T }) {
  const { title } = sectionEditor(type);
  return (
    <>
      <title>{`${title} – Administration`}</title>
      <h1>{title}</h1>
      {isSupabaseConfigured ? <SectionEditor type={type} /> : <ConfigMissingNotice />}
    </>
  );
}

function SectionEditor<T extends EditableSectionType>({ type }: { type: T }) {
  const load = useStoredContent();
  const { content } = load;
  const save = useSaveContentMutation();
  const { schema, uiSchema } = FORMS[type] as unknown as { schema: RJSFSchema; uiSchema: UiSchema };
  const validate = validatorFor(type);
  const validator = useMemo(() => createContentValidator(schema, validate), [schema, validate]);

  const fallback = storedContentFallback(load);
  if (fallback) return fallback;
  const stored = content[type] as ContentByType[T];
  const Preview = SECTION_COMPONENTS[type] as ComponentType<{
    title: string;
    content: ContentByType[T];
  }>;
  return (
    <ContentEditor<ContentByType[T]>
      key={type}
      schema={schema}
      uiSchema={uiSchema}
      validator={validator}
      initialData={stored}
      onSave={(data) => save.mutateAsync({ type, content: data })}
      renderPreview={(data) => (
        <Preview title={SECTION_TYPES[type].title} content={previewData(validate, data, stored)} />
      )}
      widgets={WIDGETS}
      fields={FIELDS}
    />
  );
}
