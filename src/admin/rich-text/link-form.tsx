import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { Editor } from '@tiptap/core';
import { SAFE_PROTOCOLS } from '../../lib/markdown/rules.ts';

export const LINK_INVALID =
  'Cette adresse ne peut pas servir de lien : écrivez une adresse web (https://…) ou e-mail.';

/**
 * The address a link gets from what the owner typed: a bare domain becomes https, an e-mail
 * address mailto; null for an address visitors' pages would blank (another protocol).
 */
export function linkAddress(typed: string): string | null {
  const text = typed.trim();
  if (text === '') return null;
  if (/^[^\s@/:]+@[^\s@/]+\.[^\s@/]+$/.test(text)) return `mailto:${text}`;
  if (/^(\/|#)/.test(text)) return text;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text)?.[1]?.toLowerCase();
  if (scheme === undefined) return /^[^\s/]+\.[^\s/]+/.test(text) ? `https://${text}` : null;
  return SAFE_PROTOCOLS.includes(scheme) ? text : null;
}

interface LinkFormProps {
  editor: Editor;
  onClose: () => void;
}

/**
 * « Lien »: the address of the selected words (or, with nothing selected, a link written with its
 * address as its text); « Retirer le lien » when the cursor is in one.
 */
export function LinkForm({ editor, onClose }: LinkFormProps) {
  const current = editor.getAttributes('link').href as string | undefined;
  const [address, setAddress] = useState(current ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => input.current?.focus(), []);

  const close = () => {
    onClose();
    editor.commands.focus();
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const href = linkAddress(address);
    if (!href) {
      setProblem(LINK_INVALID);
      input.current?.focus();
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !current) {
      chain.insertContent({
        type: 'text',
        text: address.trim(),
        marks: [{ type: 'link', attrs: { href } }],
      });
    } else {
      chain.setLink({ href });
    }
    chain.run();
    onClose();
  };
  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    onClose();
  };
  const escape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    }
  };

  // A form inside the article's form is not allowed: a group with its own submit on Enter.
  return (
    <div className="rich-text__link" role="group" aria-label="Lien" onKeyDown={escape}>
      <label htmlFor={`${id}-address`}>Adresse du lien</label>
      <input
        ref={input}
        id={`${id}-address`}
        className="editor-input"
        type="text"
        inputMode="url"
        value={address}
        placeholder="https://…"
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => {
          setAddress(event.target.value);
          setProblem(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') apply(event);
        }}
      />
      {problem && (
        <p id={`${id}-problem`} className="editor-field__error">
          {problem}
        </p>
      )}
      <div className="rich-text__link-actions">
        <button type="button" className="button button--secondary" onClick={apply}>
          Appliquer le lien
        </button>
        {current && (
          <button type="button" className="button button--secondary" onClick={remove}>
            Retirer le lien
          </button>
        )}
        <button type="button" className="button button--secondary" onClick={close}>
          Annuler
        </button>
      </div>
    </div>
  );
}
