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

  it('the help text of the article content says so', () => {
    const content = (
      FORMS['blog-post'].schema as { properties: Record<string, { description?: string }> }
    ).properties.content!.description!;
    expect(content).toMatch(/Chaque retour à la ligne commence un nouveau paragraphe/);
    expect(content).toMatch(/une ligne vide aussi/);
    // Said in words, not shown as markup: headings, lists, bold, italics and links.
    for (const example of [
      /intertitre, commencez la ligne par deux dièses/,
      /liste, par un tiret/,
      /Deux astérisques .* en gras, une seule en italique/,
      /un lien s'écrit/,
    ]) {
      expect(content).toMatch(example);
    }
  });
});
