import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { EditorContent, useEditor } from '@tiptap/react';
import { useSupabase } from '../client/client-context.tsx';
import { editorInput, storedOutput } from './convert.ts';
import { editorExtensions, type StoredFormat } from './extensions.ts';
import { LinkForm } from './link-form.tsx';
import { PhotoPicker, type ChosenPhoto } from './photo-picker.tsx';
import { Toolbar } from './toolbar.tsx';
import './rich-text.css';

export interface RichTextEditorProps {
  /** The editable area's id (a field's label and errors point at it). */
  id: string;
  /** The field's name, the editable area's accessible name. */
  label: string;
  format: StoredFormat;
  /** The text as stored: an article's Markdown or a section's HTML. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  describedBy?: string;
  invalid?: boolean;
}

/** The editable area's attributes: a multi-line text box named by its field. */
function areaAttributes(props: RichTextEditorProps): Record<string, string> {
  return {
    id: props.id,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-label': props.label,
    class: 'rich-text__area',
    ...(props.describedBy ? { 'aria-describedby': props.describedBy } : {}),
    ...(props.invalid ? { 'aria-invalid': 'true' } : {}),
  };
}

/** A description inside a Markdown image keeps the image whole. */
const plainAlt = (alt: string) => alt.replace(/[[\]\n\r]+/g, ' ').trim();

/**
 * The owner's text with a toolbar (docs/decisions/068-toolbar-editor.md). It stores what the
 * public page reads, as before: Markdown for an article, HTML for a section. Only the owner's
 * edits produce a new value, so a text opened and saved unchanged is stored exactly as it was.
 */
export default function RichTextEditor(props: RichTextEditorProps) {
  const { id, label, format, value, onChange, onBlur, describedBy, invalid } = props;
  const client = useSupabase();
  const [panel, setPanel] = useState<'link' | 'photo' | null>(null);
  // The value this editor last gave out; any other value comes from outside (a draft, history).
  const emitted = useRef(value);
  const callbacks = useRef({ onChange, onBlur });
  useLayoutEffect(() => {
    callbacks.current = { onChange, onBlur };
  });

  const editor = useEditor({
    extensions: editorExtensions(format),
    content: editorInput(format, value),
    contentType: format,
    editorProps: { attributes: areaAttributes(props) },
    onUpdate: ({ editor: current }) => {
      emitted.current = storedOutput(format, current);
      callbacks.current.onChange(emitted.current);
    },
    onBlur: () => callbacks.current.onBlur?.(),
  });

  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(editorInput(format, value), {
      contentType: format,
      emitUpdate: false,
    });
  }, [editor, format, value]);

  useEffect(() => {
    editor.setOptions({
      editorProps: { attributes: areaAttributes({ ...props, id, label, describedBy, invalid }) },
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the attributes' inputs
  }, [editor, id, label, describedBy, invalid]);

  const insertPhoto = ({ src, alt }: ChosenPhoto) => {
    setPanel(null);
    editor
      .chain()
      .focus()
      .setImage({ src, alt: plainAlt(alt) })
      .run();
  };

  return (
    <div className={`rich-text${invalid ? ' rich-text--invalid' : ''}`}>
      <Toolbar
        editor={editor}
        linkOpen={panel === 'link'}
        onLink={() => setPanel(panel === 'link' ? null : 'link')}
        onPhoto={() => setPanel('photo')}
      />
      {panel === 'link' && <LinkForm editor={editor} onClose={() => setPanel(null)} />}
      {panel === 'photo' && client && (
        <PhotoPicker
          client={client}
          onChoose={insertPhoto}
          onCancel={() => {
            setPanel(null);
            editor.commands.focus();
          }}
        />
      )}
      <EditorContent editor={editor} />
    </div>
  );
}
