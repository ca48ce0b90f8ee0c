import type { Extensions } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { Markdown, MarkdownManager } from '@tiptap/markdown';
import StarterKit from '@tiptap/starter-kit';
import { SAFE_PROTOCOLS } from '../../lib/markdown/rules.ts';

/**
 * An article's raw HTML is shown to visitors as text (src/lib/markdown/markdown.tsx uses no
 * rehype-raw), so the editor reads it as text too: parsed as HTML, it would be dropped or turned
 * into formatting the public page never showed.
 */
interface HtmlToken {
  text?: string;
  raw?: string;
  block?: boolean;
}
interface HtmlReading {
  parseHTMLToken(token: HtmlToken): unknown;
  htmlAsLiteralText(html: string, isBlock: boolean): unknown;
}
// Both methods are TypeScript-private in @tiptap/markdown (pinned exactly in package.json); the
// round-trip test of raw HTML (round-trip.test.tsx) fails if an update changes them.
(MarkdownManager.prototype as unknown as HtmlReading).parseHTMLToken = function parseHtmlAsText(
  this: HtmlReading,
  token: HtmlToken,
) {
  return this.htmlAsLiteralText(token.text || token.raw || '', Boolean(token.block));
};

/** What an owner's text is stored as: an article's Markdown, or a home section's HTML. */
export type StoredFormat = 'markdown' | 'html';

/**
 * The editor's vocabulary: what the public renderers show (docs/decisions/068-toolbar-editor.md).
 * Underline has no Markdown form and the public sanitiser drops it, so it is left out; links keep
 * the sanitiser's protocols and never open while editing.
 */
export function editorExtensions(format: StoredFormat): Extensions {
  return [
    StarterKit.configure({
      underline: false,
      heading: { levels: [1, 2, 3, 4, 5, 6] },
      link: {
        openOnClick: false,
        autolink: false,
        linkOnPaste: true,
        protocols: SAFE_PROTOCOLS,
        HTMLAttributes: { rel: null, target: null },
      },
    }),
    Image.configure({ inline: format === 'markdown' }),
    // The public renderer reads CommonMark without GitHub's additions (no bare-address links).
    ...(format === 'markdown' ? [Markdown.configure({ markedOptions: { gfm: false } })] : []),
  ];
}
