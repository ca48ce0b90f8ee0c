// @vitest-environment happy-dom
import { Editor } from '@tiptap/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT } from '../../content/generated/defaults.ts';
import { Markdown } from '../../lib/markdown/markdown.tsx';
import { SafeHtml } from '../../lib/markdown/safe-html.tsx';
import { XSS_CORPUS } from '../../lib/markdown/xss-corpus.ts';
import { postContent, postFixtures } from '../../../tests/helpers/fixtures.ts';
import { standInArticles } from '../../../tests/helpers/openai-stand-in.ts';
import { editorInput, storedOutput } from './convert.ts';
import { editorExtensions, type StoredFormat } from './extensions.ts';

const editors: Editor[] = [];
afterEach(() => editors.splice(0).forEach((editor) => editor.destroy()));

/** Opens `stored` in the editor as the back-office does, and stores it back. */
function roundTrip(format: StoredFormat, stored: string): string {
  const editor = new Editor({
    extensions: editorExtensions(format),
    content: editorInput(format, stored),
    contentType: format === 'markdown' ? 'markdown' : 'html',
  });
  editors.push(editor);
  return storedOutput(format, editor);
}

/** Markup as a browser lays it out: line breaks between block elements show nothing. */
const laidOut = (markup: string) => markup.replace(/>\n+</g, '><');
const article = (markdown: string) =>
  laidOut(renderToStaticMarkup(<Markdown>{markdown}</Markdown>));
const section = (html: string) => laidOut(renderToStaticMarkup(<SafeHtml html={html} />));

/** The default content's texts of several paragraphs (the legal pages' Markdown among them). */
const DEFAULT_TEXTS = Object.values(DEFAULT_CONTENT)
  .flatMap((content) => Object.values(content as object))
  .filter((value): value is string => typeof value === 'string' && value.includes('\n\n'));

/** Markdown the project ships or arranges: test posts, the AI stand-in's, the default texts. */
const ARTICLES = [
  ...postFixtures().map((post) => postContent(post.title)),
  ...standInArticles(3).map((generated) => generated.content),
  ...DEFAULT_TEXTS,
];

/**
 * Section HTML: what the default sections hold, and the public rendering of every article above
 * (headings, paragraphs, lists, links: what an owner's text block holds).
 */
const SECTIONS = [
  ...DEFAULT_CONTENT.sections.flatMap((block) => (block.content ? [block.content] : [])),
  ...ARTICLES.map((markdown) => article(markdown).replace(/^<div class="markdown">|<\/div>$/g, '')),
];

describe('the toolbar editor stores what it opened', () => {
  it.each(ARTICLES)('article %#: the public page renders it the same', (markdown) => {
    expect(article(roundTrip('markdown', markdown))).toBe(article(markdown));
  });

  it.each(SECTIONS)('section %#: the public page renders it the same', (html) => {
    expect(section(roundTrip('html', html))).toBe(section(html));
  });
});

describe('plain text keeps its paragraphs', () => {
  /** The default texts without formatting: what an owner types or pastes. */
  const PLAIN = DEFAULT_TEXTS.filter((text) => !/^(#|- )|\*\*/m.test(text));

  it.each(PLAIN)('plain text %#, in a section and in an article', (text) => {
    const paragraphs = text.split(/\n\s*\n/).length;
    expect(section(roundTrip('html', text)).match(/<p>/g)).toHaveLength(paragraphs);
    expect(article(roundTrip('markdown', text)).match(/<p>/g)).toHaveLength(paragraphs);
  });
});

describe('what the toolbar writes is what visitors see', () => {
  it.each(['markdown', 'html'] as const)(
    'a blank line typed between two paragraphs keeps two paragraphs (%s)',
    (format) => {
      const editor = new Editor({ extensions: editorExtensions(format) });
      editors.push(editor);
      editor
        .chain()
        .insertContent('Premier paragraphe.')
        .splitBlock()
        .splitBlock()
        .insertContent('Second paragraphe.')
        .run();
      const stored = storedOutput(format, editor);
      const shown = format === 'markdown' ? article(stored) : section(stored);
      expect(shown.match(/<p>[^<]+<\/p>/g)).toEqual([
        '<p>Premier paragraphe.</p>',
        '<p>Second paragraphe.</p>',
      ]);
      expect(shown.match(/<p>/g)).toHaveLength(2);
    },
  );

  it('stores bold, a heading, a list, a link and a photo as Markdown the article page shows', () => {
    const editor = new Editor({ extensions: editorExtensions('markdown') });
    editors.push(editor);
    editor
      .chain()
      .insertContent('Intro ')
      .toggleBold()
      .insertContent('gras')
      .toggleBold()
      .splitBlock()
      .toggleHeading({ level: 2 })
      .insertContent('Intertitre')
      .splitBlock()
      .toggleBulletList()
      .insertContent('un point')
      .run();
    editor.chain().splitBlock().liftListItem('listItem').insertContent('le lien').run();
    const end = editor.state.selection.from;
    editor
      .chain()
      .setTextSelection({ from: end - 'le lien'.length, to: end })
      .setLink({ href: 'https://www.example.org/guide' })
      .setTextSelection(end)
      .setImage({ src: 'https://garage.test/storage/v1/object/public/media/a.jpg', alt: 'Un pneu' })
      .run();
    const html = article(storedOutput('markdown', editor));
    expect(html).toContain('<strong>gras</strong>');
    expect(html).toContain('<h2>Intertitre</h2>');
    expect(html).toMatch(/<li>(<p>)?un point/);
    expect(html).toContain('<a href="https://www.example.org/guide">le lien</a>');
    const photo = /<img [^>]*>/.exec(html)?.[0];
    expect(photo).toContain('src="https://garage.test/storage/v1/object/public/media/a.jpg"');
    expect(photo).toContain('alt="Un pneu"');
  });
});

describe('raw HTML in an article stays text, as the public page shows it', () => {
  const text = (markup: string) => {
    const element = document.createElement('div');
    element.innerHTML = markup;
    return element.textContent;
  };
  const RAW_HTML = XSS_CORPUS.filter((entry) => /^<[a-z!]/i.test(entry));

  it.each(RAW_HTML)('%s', (markdown) => {
    expect(text(article(roundTrip('markdown', markdown)))).toBe(text(article(markdown)));
  });
});
