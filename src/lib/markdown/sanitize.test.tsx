// @vitest-environment happy-dom
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { defaultUrlTransform } from 'react-markdown';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown.tsx';
import { SAFE_PROTOCOLS } from './rules.ts';
import { SafeHtml } from './safe-html.tsx';
import { XSS_CORPUS } from './xss-corpus.ts';

const ALLOWED_SCHEMES = new Set(['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp']);
const FORBIDDEN_ELEMENTS = 'script, iframe, frame, object, embed, style, form, base, meta, link';
const URL_ATTRIBUTES = new Set([
  'href',
  'xlink:href',
  'src',
  'srcset',
  'action',
  'formaction',
  'poster',
  'data',
  'cite',
  'background',
  'longdesc',
  'ping',
]);

/** The scheme a browser would read from an attribute, after its URL parser's clean-up. */
function schemeOf(url: string): string | null {
  // eslint-disable-next-line no-control-regex
  const cleaned = url.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  const match = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(cleaned);
  return match?.[1]?.toLowerCase() ?? null;
}

/** Renders as the server does, then parses the markup as a browser would. */
function parse(element: ReactElement): Document {
  return new DOMParser().parseFromString(renderToStaticMarkup(element), 'text/html');
}

/** Everything that could run script in what the reader's browser parses. */
function dangers(document: Document): string[] {
  const found: string[] = [];
  for (const element of document.querySelectorAll(FORBIDDEN_ELEMENTS)) {
    found.push(`<${element.tagName.toLowerCase()}>`);
  }
  for (const element of document.querySelectorAll('*')) {
    for (const { name, value } of Array.from(element.attributes)) {
      const attribute = name.toLowerCase();
      if (attribute.startsWith('on')) found.push(`${attribute} attribute`);
      if (attribute === 'style' || attribute === 'srcdoc') found.push(`${attribute} attribute`);
      const scheme = URL_ATTRIBUTES.has(attribute) ? schemeOf(value) : null;
      if (scheme !== null && !ALLOWED_SCHEMES.has(scheme)) found.push(`${attribute}=${value}`);
    }
  }
  return found;
}

describe('hostile content', () => {
  it('has a corpus of at least 30 payloads', () => {
    expect(XSS_CORPUS.length).toBeGreaterThanOrEqual(30);
  });

  it('would be caught unsanitized: the checker sees what it looks for', () => {
    const raw = (html: string) => dangers(new DOMParser().parseFromString(html, 'text/html'));
    expect(raw('<a href="JaVaScRiPt:alert(1)">x</a>')).toEqual(['href=JaVaScRiPt:alert(1)']);
    expect(raw('<a href="java\tscript:alert(1)">x</a>')).toHaveLength(1);
    expect(raw('<a href="&#x01;javascript:alert(1)">x</a>')).toHaveLength(1);
    expect(raw('<img src=x onerror=alert(1)>')).toEqual(['onerror attribute']);
    expect(raw('<svg><a xlink:href="data:x">x</a></svg>')).toHaveLength(1);
    expect(raw('<object></object><form action="vbscript:x"></form>')).toHaveLength(3);
    expect(raw('<a href="/blog">a</a><a href="https://x.example">b</a>')).toEqual([]);
  });

  it.each(XSS_CORPUS)('is harmless as article markdown: %s', (payload) => {
    expect(dangers(parse(<Markdown>{payload}</Markdown>))).toEqual([]);
  });

  it.each(XSS_CORPUS)('is harmless as a generic block: %s', (payload) => {
    expect(dangers(parse(<SafeHtml html={payload} />))).toEqual([]);
  });

  it('is harmless all at once, in both renderers', () => {
    const all = XSS_CORPUS.join('\n');
    expect(dangers(parse(<Markdown>{all}</Markdown>))).toEqual([]);
    expect(dangers(parse(<SafeHtml html={all} />))).toEqual([]);
  });
});

describe('Markdown', () => {
  const render = (markdown: string) => parse(<Markdown>{markdown}</Markdown>).body;

  it('keeps bold, lists, headings and safe links', () => {
    const body = render(
      '## Entretien\n**Vidange** tous les ans, [devis](https://garage.example/devis), [blog](/blog), [écrire](mailto:contact@garage.example)\n- freins\n- pneus',
    );
    expect(body.querySelector('h2')?.textContent).toBe('Entretien');
    expect(body.querySelector('strong')?.textContent).toBe('Vidange');
    const links = [...body.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual([
      'https://garage.example/devis',
      '/blog',
      'mailto:contact@garage.example',
    ]);
    expect([...body.querySelectorAll('li')].map((li) => li.textContent?.trim())).toEqual([
      'freins',
      'pneus',
    ]);
  });

  it('turns each single newline into a paragraph break', () => {
    const paragraphs = [
      ...render('Première ligne\nDeuxième ligne\r\nTroisième').querySelectorAll('p'),
    ];
    expect(paragraphs.map((p) => p.textContent)).toEqual([
      'Première ligne',
      'Deuxième ligne',
      'Troisième',
    ]);
  });

  it('blanks links of other protocols but keeps their text', () => {
    const link = render('[clic](javascript:alert(1))').querySelector('a');
    expect(link?.textContent).toBe('clic');
    expect(link?.getAttribute('href')).toBe('');
  });

  it('shows raw HTML as text', () => {
    const body = render('Avant <b>gras</b> <script>alert(1)</script>');
    expect(body.querySelector('b')).toBeNull();
    expect(body.textContent).toContain('<b>gras</b>');
    expect(body.textContent).toContain('<script>alert(1)</script>');
  });

  it('leaves the h1 to the page title', () => {
    expect(render('# Titre').querySelector('h1')).toBeNull();
    expect(render('# Titre').querySelector('h2')?.textContent).toBe('Titre');
  });

  it('uses the spec protocol list, as SafeHtml does', () => {
    for (const protocol of SAFE_PROTOCOLS) {
      expect(defaultUrlTransform(`${protocol}:x`)).toBe(`${protocol}:x`);
    }
    for (const protocol of ['javascript', 'data', 'vbscript', 'file', 'ftp', 'blob']) {
      expect(defaultUrlTransform(`${protocol}:x`)).toBe('');
    }
  });
});

describe('SafeHtml', () => {
  const render = (html: string) => parse(<SafeHtml html={html} />).body;

  it('keeps formatting, lists, images and safe links', () => {
    const body = render(
      '<p><strong>Ouvert</strong> le samedi, <em>sur rendez-vous</em> : <a href="https://garage.example/rdv" title="Rendez-vous">réserver</a>.</p><ul><li>Vidange</li><li>Freins</li></ul><img src="https://garage.example/atelier.jpg" alt="Atelier" width="800" height="450">',
    );
    expect(body.querySelector('strong')?.textContent).toBe('Ouvert');
    expect(body.querySelector('em')?.textContent).toBe('sur rendez-vous');
    expect(body.querySelector('a')?.getAttribute('href')).toBe('https://garage.example/rdv');
    expect(body.querySelector('a')?.getAttribute('title')).toBe('Rendez-vous');
    expect(body.querySelectorAll('li')).toHaveLength(2);
    const image = body.querySelector('img');
    expect(image?.getAttribute('src')).toBe('https://garage.example/atelier.jpg');
    expect(image?.getAttribute('alt')).toBe('Atelier');
    expect(image?.getAttribute('width')).toBe('800');
    expect(image?.getAttribute('loading')).toBe('lazy');
  });

  it('keeps relative and mail links', () => {
    const body = render(
      '<a href="/blog">blog</a> <a href="mailto:contact@garage.example">mail</a>',
    );
    expect([...body.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '/blog',
      'mailto:contact@garage.example',
    ]);
  });

  it('drops a dangerous href but keeps the link text', () => {
    const link = render('<a href="javascript:alert(1)">clic</a>').querySelector('a');
    expect(link?.textContent).toBe('clic');
    expect(link?.hasAttribute('href')).toBe(false);
  });

  it('removes scripts and styles with their content', () => {
    const body = render('<p>Bonjour</p><script>alert(1)</script><style>p{color:red}</style>');
    expect(body.textContent).toBe('Bonjour');
  });

  it('leaves the h1 and h2 to the page and the section', () => {
    const body = render('<h1>Un</h1><h2>Deux</h2>');
    expect(body.querySelectorAll('h1, h2')).toHaveLength(0);
    expect(body.querySelectorAll('h3')).toHaveLength(2);
  });

  it('renders the same markup every time (server and browser agree)', () => {
    const html = '<p id="x">a<br>b</p><a href="https://x.example" name="n">c</a>';
    expect(renderToStaticMarkup(<SafeHtml html={html} />)).toBe(
      renderToStaticMarkup(<SafeHtml html={html} />),
    );
    expect(render(html).querySelector('p')?.id).toBe('user-content-x');
  });
});
