import { lazy, Suspense } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { describedByIds } from '../editor/theme/described-by.ts';
import type { RichTextEditorProps } from './rich-text-editor.tsx';

// The editor library comes in its own chunk, fetched when a form with a text opens
// (docs/decisions/068-toolbar-editor.md); the public site never imports it (eslint.config.js).
const RichTextEditor = lazy(() => import('./rich-text-editor.tsx'));

/** The owner's text with its toolbar, loaded on first use. */
export function RichTextField(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <p className="rich-text__loading" role="status">
          Chargement de l’éditeur…
        </p>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}

/** `ui:widget: "richText"`: an article's text, stored as the public page reads it. */
export function RichTextWidget(props: WidgetProps) {
  const { id, label, value, onChange, onBlur, rawErrors } = props;
  return (
    <RichTextField
      id={id}
      label={label}
      format="markdown"
      value={typeof value === 'string' ? value : ''}
      onChange={(next) => onChange(next === '' ? props.options.emptyValue : next)}
      onBlur={() => onBlur(id, value)}
      describedBy={describedByIds(props)}
      invalid={Boolean(rawErrors?.length)}
    />
  );
}
