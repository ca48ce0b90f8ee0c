import { useRef, useState, type KeyboardEvent } from 'react';
import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';

/** The owner's formatting buttons, by their French names (no markup words: docs/decisions/053). */
interface ToolbarProps {
  editor: Editor;
  onLink: () => void;
  onPhoto: () => void;
  linkOpen: boolean;
}

/**
 * One tab stop, arrows between the buttons (the ARIA toolbar pattern), each button's pressed state
 * following the text under the cursor.
 */
export function Toolbar({ editor, onLink, onPhoto, linkOpen }: ToolbarProps) {
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      heading: current.isActive('heading'),
      list: current.isActive('bulletList'),
      link: current.isActive('link'),
    }),
  });
  const buttons = [
    { name: 'Gras', pressed: active.bold, run: () => editor.chain().focus().toggleBold().run() },
    {
      name: 'Italique',
      pressed: active.italic,
      run: () => editor.chain().focus().toggleItalic().run(),
    },
    {
      name: 'Titre',
      pressed: active.heading,
      run: () => editor.chain().focus().toggleHeading({ level: 2 }).run(),
    },
    {
      name: 'Liste',
      pressed: active.list,
      run: () => editor.chain().focus().toggleBulletList().run(),
    },
    { name: 'Lien', pressed: active.link || linkOpen, run: onLink },
    { name: 'Photo', pressed: undefined, run: onPhoto },
  ];
  const [current, setCurrent] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = buttons.length - 1;
    const next = {
      ArrowRight: current === last ? 0 : current + 1,
      ArrowLeft: current === 0 ? last : current - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setCurrent(next);
    refs.current[next]?.focus();
  };

  return (
    <div className="rich-text__toolbar" role="toolbar" aria-label="Mise en forme" onKeyDown={move}>
      {buttons.map((button, index) => (
        <button
          key={button.name}
          ref={(element) => {
            refs.current[index] = element;
          }}
          type="button"
          className={`rich-text__button rich-text__button--${index}`}
          tabIndex={index === current ? 0 : -1}
          aria-pressed={button.pressed}
          onFocus={() => setCurrent(index)}
          // Keeps the text's selection while the button is pressed.
          onMouseDown={(event) => event.preventDefault()}
          onClick={button.run}
        >
          {button.name}
        </button>
      ))}
    </div>
  );
}
