import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FORMS } from '../../content/generated/forms.ts';
import { Markdown } from './markdown.tsx';

const html = (markdown: string) => renderToStaticMarkup(<Markdown>{markdown}</Markdown>);

// What the article's help text (the blog post form's « Contenu ») tells the owner about lines.
describe('article lines', () => {
  it('a single line break starts a new paragraph', () => {
    expect(html('Vidange faite.\nPneus contrôlés.')).toBe(
      '<div class="markdown"><p>Vidange faite.</p>\n<p>Pneus contrôlés.</p></div>',
    );
  });

  it('a blank line starts a new paragraph too, and several count as one', () => {
    const one = html('Vidange faite.\n\nPneus contrôlés.');
    expect(one).toBe(html('Vidange faite.\nPneus contrôlés.'));
    expect(html('Vidange faite.\n\n\n\nPneus contrôlés.')).toBe(one);
  });

  it('headings, lists, emphasis and links are written as the help text shows them', () => {
    const out = html('## Entretien\n- freins\n- pneus\n**gras** *italique* [lien](https://a.fr)');
    expect(out).toContain('<h2>Entretien</h2>');
    expect(out.match(/<li>/g)).toHaveLength(2);
    expect(out).toContain('<strong>gras</strong>');
    expect(out).toContain('<em>italique</em>');
    expect(out).toContain('<a href="https://a.fr">lien</a>');
  });

  it('the help text of the article content speaks of the toolbar, not of markup', () => {
    const content = (
      FORMS['blog-post'].schema as { properties: Record<string, { description?: string }> }
    ).properties.content!.description!;
    expect(content).toMatch(/Entrée commence un nouveau paragraphe/);
    for (const button of [/gras/, /italique/, /intertitre/, /liste/, /lien/, /photo/]) {
      expect(content).toMatch(button);
    }
    expect(content).not.toMatch(/markdown|html|dièse|astérisque|\[|\*/i);
  });
});

describe('photos in an article', () => {
  const PHOTO = '/storage/v1/object/public/media/0b7c6f1e-2f0a-4a7e-9a55-1d2f3c4b5a69.jpg';

  it('shows a photo of the media library with its description, lazily, in the width needed', () => {
    const out = html(`Avant.\n![Disques de frein neufs](${PHOTO})\nAprès.`);
    const img = /<img [^>]*>/.exec(out)![0];
    expect(img).toContain(`src="${PHOTO}"`);
    expect(img).toContain('alt="Disques de frein neufs"');
    expect(img).toContain('loading="lazy"');
    expect(img).toMatch(/srcSet="[^"]*\/storage\/v1\/render\/image\/public\/media\/[^"]*480w/);
  });

  it('shows another address as it is, without renderings', () => {
    const img = /<img [^>]*>/.exec(html('![Logo](https://cdn.example.org/logo.png)'))![0];
    expect(img).toContain('src="https://cdn.example.org/logo.png"');
    expect(img).not.toMatch(/srcSet/i);
  });
});
