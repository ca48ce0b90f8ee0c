import type { Editor } from '@tiptap/core';
import { doubleNewlines } from '../../lib/markdown/rules.ts';
import type { StoredFormat } from './extensions.ts';

const TAG = /<[a-z!/]/i;

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Plain text typed where HTML was expected, one paragraph per block of lines (blank lines
 * between them), each line break kept; HTML is returned as it is.
 */
export function plainTextAsHtml(value: string): string {
  if (TAG.test(value) || !value.trim()) return value;
  return value
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${block.split('\n').map(escapeHtml).join('<br>')}</p>`)
    .join('');
}

/**
 * What the editor opens: for an article, the Markdown as the public page reads it (each line
 * break a paragraph, src/lib/markdown/rules.ts), so the owner sees the paragraphs visitors see;
 * for a section, its HTML, plain text made into paragraphs.
 */
export function editorInput(format: StoredFormat, stored: string): string {
  return format === 'markdown' ? doubleNewlines(stored) : plainTextAsHtml(stored);
}

/**
 * What is stored from the editor: Markdown for an article, HTML for a section; empty for none.
 * Empty paragraphs (a blank line typed between two) are left out, as a blank line is in plain text.
 */
export function storedOutput(format: StoredFormat, editor: Editor): string {
  if (editor.isEmpty) return '';
  if (format === 'markdown') return editor.getMarkdown().trim();
  return editor.getHTML().replace(/<p><\/p>/g, '');
}
