import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildServerBundle } from './site-build.ts';

// What the law asks the pages to say, read in the HTML the real server renders (no browser): the
// labour rates tax included with how work is charged and the circular-economy notice, on the home
// page and in the legal notice (docs/legal.md#labour-prices); the credit warning and the lender
// where credit is advertised (docs/decisions/062-credit-advertising-on-the-page.md).

const DIST = path.resolve(`.tmp/legal-sections-ssr-${process.pid}`);

/** The text of some HTML, its tags and React's comment markers removed, entities decoded. */
function bodyText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

const WARNING =
  'Un crédit vous engage et doit être remboursé. Vérifiez vos capacités de remboursement avant de vous engager.';

describe('legal texts in the server-rendered pages', () => {
  let server: TestServer;
  let removeBundle: (() => Promise<void>) | undefined;
  const text = async (pathname: string) => {
    const html = await (await fetch(server.url + pathname)).text();
    return bodyText(html.slice(html.indexOf('<div id="root">')));
  };
  const setContent = async (type: string, content: unknown) => {
    const { error } = await server
      .serviceClient()
      .from('site_content')
      .upsert({ type, content: content as never });
    expect(error).toBeNull();
  };

  beforeAll(async () => {
    removeBundle = await buildServerBundle(DIST);
    server = await startTestServer({ distDir: DIST });
    await setContent('identity', {
      ...DEFAULT_CONTENT.identity,
      name: 'Garage Martin',
      lender: 'Banque Partenaire SA',
    });
    await setContent('pricing', { ...DEFAULT_CONTENT.pricing, billing: 'scale-or-time-spent' });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await removeBundle?.();
  });

  it.each(['/', '/mentions-legales'])(
    '%s shows the rates tax included, how work is charged and the circular-economy notice',
    async (pathname) => {
      const page = await text(pathname);
      expect(page).toMatch(
        /Taux horaires de main-d'œuvre, toutes taxes comprises \(TTC\) T1 55€\/h T2 65€\/h T3 75€\/h/,
      );
      expect(page).toContain(
        "La main-d'œuvre est facturée selon le barème de temps du constructeur quand il en existe un, sinon au temps réellement passé",
      );
      expect(page).toContain(
        "vous pouvez choisir des pièces issues de l'économie circulaire à la place de pièces neuves",
      );
    },
  );

  it('shows the credit warning in the calculator and the financing section, and the lender', async () => {
    const html = await (await fetch(server.url + '/')).text();
    const section = (anchor: string) => {
      const start = html.indexOf(`<section id="${anchor}"`);
      return bodyText(html.slice(start, html.indexOf('</section>', start)));
    };
    expect(section('payment-calculator')).toContain(WARNING);
    expect(section('financement')).toContain(WARNING);
    expect(section('financement')).toContain('Organisme de financement : Banque Partenaire SA.');
  });
});
