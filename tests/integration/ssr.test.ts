import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishDuePosts } from '../../server/server.ts';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import { LEGAL_PAGES } from '../../src/site/legal/legal-pages.ts';
import { sql } from '../helpers/fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildServerBundle } from './site-build.ts';
import { eventually } from '../helpers/eventually.ts';

// Server rendering (docs/product.md#quality-targets), checked on HTML fetched with no browser: the
// real server, serving a real server bundle of src/entry-server.tsx (built here, so that the test
// needs no prior `npm run build`), over a fresh database.

const DIST = path.resolve(`.tmp/ssr-test-${process.pid}`);

function jsonLdBlocks(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}

function head(html: string): string {
  return html.slice(0, html.indexOf('</head>'));
}

function metaContent(html: string, key: 'name' | 'property', name: string): string | undefined {
  const match = new RegExp(`<meta ${key}="${name}" content="([^"]*)"`).exec(head(html));
  return match?.[1];
}

/** Text as React escapes it in markup. */
function escaped(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;');
}

/** The garage these pages are rendered for. */
const IDENTITY = {
  ...DEFAULT_CONTENT.identity,
  name: 'Garage Martin',
  legalForm: 'SARL',
  shareCapital: '8 000 €',
  registration: 'RCS Lyon 123 456 789',
  director: 'Jeanne Martin',
  host: { name: 'OVH SAS', address: '2 rue Kellermann, 59100 Roubaix', phone: '09 72 10 10 07' },
  siret: '123 456 789 00012',
  vatNumber: 'FR 12 123456789',
  street: '12 rue des Lilas',
  postalCode: '69003',
  city: 'Lyon',
  phone: '04 72 00 11 22',
  email: 'atelier@garage-martin.fr',
  logo: '/images/logo-martin.png',
  socialLinks: [{ label: 'Facebook', url: 'https://www.facebook.com/garagemartin' }],
  description: 'Garage Martin à Lyon : entretien et réparation toutes marques.',
};

describe('server-rendered public pages', () => {
  let server: TestServer;
  let removeBundle: (() => Promise<void>) | undefined;
  const get = async (pathname: string) => {
    const response = await fetch(server.url + pathname);
    return { status: response.status, html: await response.text() };
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
    await publishDuePosts(server.db);
    await setContent('hero', {
      heading: 'Garage Martin, votre atelier à Lyon',
      subheading: 'Entretien toutes marques',
      description: 'Des devis clairs & un travail soigné.',
      backgroundImage: '/images/hero-atelier.svg',
    });
    await setContent('identity', IDENTITY);
    await setContent('contact', {
      address: '12 rue des Lilas, 69003 Lyon',
      email: 'atelier@garage-martin.fr',
      phone: '04 72 00 11 22',
      mapUrl: 'https://www.openstreetmap.org/export/embed.html?bbox=4.82%2C45.76%2C4.84%2C45.77',
    });
    const weekday = [
      { opens: '08:30', closes: '12:00' },
      { opens: '13:30', closes: '18:30' },
    ];
    await setContent('hours', {
      week: {
        lundi: weekday,
        mardi: weekday,
        mercredi: weekday,
        jeudi: weekday,
        vendredi: weekday,
        samedi: [{ opens: '09:00', closes: '12:00' }],
        dimanche: [],
      },
      closures: [],
      openings: [],
    });
    await sql(
      server.db,
      `insert into public.blog_posts (title, slug, content, excerpt, image_url, published_at, scheduled_at) values
         ('Changer ses pneus avant l''hiver', 'pneus-hiver', '## Quand ?\n\nAvant **novembre**.', 'Le bon moment pour les pneus hiver.', '/images/service-pneus.svg', now() - interval '2 days', null),
         ('Freins : les signes d''usure', 'freins-usure', 'Un *grincement* doit alerter.', null, null, now() - interval '1 day', null),
         ('Brouillon secret', 'brouillon-secret', 'pas encore', null, null, null, null),
         ('Programmé demain', 'programme-demain', 'bientôt', null, null, null, now() + interval '1 day')`,
    );
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await removeBundle?.();
  });

  it('renders the home page with its content, head tags and AutoRepair block', async () => {
    const { status, html } = await get('/');
    expect(status).toBe(200);
    expect(html).toMatch(/<html lang="fr">/);
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain('<h1 id="hero-title">Garage Martin, votre atelier à Lyon</h1>');
    for (const text of [
      'Nos services',
      "Horaires d'ouverture",
      'Contact',
      'Nos derniers articles',
    ]) {
      expect(root).toContain(escaped(text));
    }
    expect(root).toContain('8h30 - 12h00 et 13h30 - 18h30');
    expect(root).toContain('04 72 00 11 22');
    expect(root).toContain(escaped("Changer ses pneus avant l'hiver"));
    expect(root).toContain(escaped("Freins : les signes d'usure"));
    expect(root).not.toContain('Brouillon secret');
    expect(root).not.toContain('Programmé demain');

    expect(head(html).match(/<title>/g)).toHaveLength(1);
    expect(head(html)).toContain(`<title>Garage Martin – ${escaped(IDENTITY.tagline)}</title>`);
    expect(metaContent(html, 'name', 'description')).toBe(IDENTITY.description);
    expect(metaContent(html, 'property', 'og:site_name')).toBe('Garage Martin');
    expect(head(html)).toContain(`<link rel="canonical" href="${server.url}/" />`);
    expect(metaContent(html, 'property', 'og:type')).toBe('website');
    expect(metaContent(html, 'property', 'og:url')).toBe(`${server.url}/`);
    expect(metaContent(html, 'property', 'og:title')).toBeTruthy();
    expect(metaContent(html, 'name', 'robots')).toBeUndefined();

    const blocks = jsonLdBlocks(html);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'AutoRepair',
      name: 'Garage Martin',
      description: IDENTITY.description,
      url: `${server.url}/`,
      logo: `${server.url}/images/logo-martin.png`,
      sameAs: ['https://www.facebook.com/garagemartin'],
      telephone: '04 72 00 11 22',
      email: 'atelier@garage-martin.fr',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '12 rue des Lilas',
        postalCode: '69003',
        addressLocality: 'Lyon',
      },
      openingHoursSpecification: [
        {
          dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
          opens: '08:30',
          closes: '12:00',
        },
        {
          dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
          opens: '13:30',
          closes: '18:30',
        },
        { dayOfWeek: ['Saturday'], opens: '09:00', closes: '12:00' },
      ],
    });
  });

  it('names the garage in the header and footer of every page, and links its legal pages', async () => {
    for (const path of ['/', '/blog', '/blog/pneus-hiver', ...LEGAL_PAGES.map((p) => p.path)]) {
      const root = (await get(path)).html.split('<div id="root">')[1]!;
      // The logo beside the name, which names the link alone (the image's alt is empty).
      expect(root).toMatch(
        /class="site-header__brand"[^>]*><img class="site-header__logo" src="\/images\/logo-martin\.png" alt=""[^>]*\/>Garage Martin<\/a>/,
      );
      const footer = root.slice(root.indexOf('<footer'));
      expect(footer).toContain('Garage Martin<!-- -->. Tous droits réservés.');
      for (const page of LEGAL_PAGES) {
        expect(footer).toContain(`href="${page.path}">${escaped(page.title)}</a>`);
      }
      expect(footer).toContain('href="https://www.facebook.com/garagemartin"');
    }
  });

  it.each(LEGAL_PAGES)('renders $path with its text, filled from the identity', async (page) => {
    const { status, html } = await get(page.path);
    expect(status).toBe(200);
    expect(head(html)).toContain(`<title>${escaped(page.title)} – Garage Martin</title>`);
    expect(head(html)).toContain(`<link rel="canonical" href="${server.url}${page.path}" />`);
    expect(metaContent(html, 'name', 'description')!.length).toBeGreaterThan(50);
    expect(metaContent(html, 'name', 'robots')).toBeUndefined();
    expect(metaContent(html, 'property', 'og:site_name')).toBe('Garage Martin');
    const root = html.split('<div id="root">')[1]!;
    expect(root).toContain(`<h1>${escaped(page.title)}</h1>`);
    const body = root.slice(root.indexOf('legal-page__details'), root.indexOf('<footer'));
    // The identity's details, never a placeholder.
    for (const text of [
      'Garage Martin',
      '12 rue des Lilas, 69003 Lyon',
      'atelier@garage-martin.fr',
    ]) {
      expect(body).toContain(text);
    }
    expect(body).not.toContain('{{');
  });

  it('says what the legal notice and the privacy policy must say', async () => {
    // React separates adjacent texts with empty comments, which a reader never sees.
    const mentions = (await get('/mentions-legales')).html.replace(/<!-- -->/g, '');
    for (const item of [
      'Forme juridique : SARL',
      'Capital social : 8 000 €',
      'Immatriculation : RCS Lyon 123 456 789',
      'SIRET : 123 456 789 00012',
      'Jeanne Martin',
      'Nom : OVH SAS',
      'Téléphone : 09 72 10 10 07',
      // The owner's text follows the items.
      'Propriété intellectuelle',
    ]) {
      expect(mentions).toContain(escaped(item));
    }
    expect(mentions).not.toContain('en cours de complétion');
    const privacy = (await get('/confidentialite')).html;
    expect(privacy).toContain('Aucun cookie');
    expect(privacy).toContain('le nom de la page et l&#x27;heure');
    expect(privacy).toContain('Vos échanges avec nous');
  });

  it('renders /blog with the published posts only', async () => {
    const { status, html } = await get('/blog');
    expect(status).toBe(200);
    expect(html).toMatch(/<html lang="fr">/);
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain(escaped("Changer ses pneus avant l'hiver"));
    expect(root).toContain(escaped("Freins : les signes d'usure"));
    expect(root).not.toContain('Brouillon secret');
    expect(head(html)).toContain('<title>Blog – conseils et actualités du garage</title>');
    expect(head(html).match(/<title>/g)).toHaveLength(1);
    expect(metaContent(html, 'name', 'description')).toBeTruthy();
    expect(head(html)).toContain(`<link rel="canonical" href="${server.url}/blog" />`);
    expect(metaContent(html, 'property', 'og:type')).toBe('website');
  });

  it('renders an article with og:type article and a BlogPosting block', async () => {
    const { status, html } = await get('/blog/pneus-hiver');
    expect(status).toBe(200);
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain(escaped("Changer ses pneus avant l'hiver"));
    expect(root).toContain('<strong>novembre</strong>');
    expect(head(html)).toContain(escaped("<title>Changer ses pneus avant l'hiver – Blog</title>"));
    expect(metaContent(html, 'name', 'description')).toBe('Le bon moment pour les pneus hiver.');
    expect(head(html)).toContain(`<link rel="canonical" href="${server.url}/blog/pneus-hiver" />`);
    expect(metaContent(html, 'property', 'og:type')).toBe('article');
    expect(metaContent(html, 'property', 'og:image')).toBe(
      `${server.url}/images/service-pneus.svg`,
    );

    const [posting, ...others] = jsonLdBlocks(html);
    expect(others).toHaveLength(0);
    const [row] = await sql<{ published_at: string; updated_at: string }>(
      server.db,
      "select published_at, updated_at from public.blog_posts where slug = 'pneus-hiver'",
    );
    expect(posting).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: "Changer ses pneus avant l'hiver",
      image: [`${server.url}/images/service-pneus.svg`],
      datePublished: new Date(row!.published_at).toISOString(),
      dateModified: new Date(row!.updated_at).toISOString(),
    });

    // No image of its own: the picture the page shows stands in, so `image` is never missing.
    const other = jsonLdBlocks((await get('/blog/freins-usure')).html)[0];
    expect(other?.image).toEqual([`${server.url}/images/hero-atelier.svg`]);
  });

  it('hands the browser the data it rendered with', async () => {
    const { html } = await get('/blog/pneus-hiver');
    const match = /<script type="application\/json" id="hydration-data">([\s\S]*?)<\/script>/.exec(
      html,
    );
    const data = JSON.parse(match![1]!) as {
      path: string;
      live: boolean;
      state: { queries: { queryKey: unknown[] }[] };
    };
    expect(data.path).toBe('/blog/pneus-hiver');
    expect(data.live).toBe(true);
    expect(data.state.queries.map((q) => q.queryKey)).toContainEqual([
      'blog_posts',
      'article',
      'pneus-hiver',
    ]);
    // No executable inline script: only JSON blocks (the CSP allows no inline JavaScript).
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
    for (const attributes of inline) {
      expect(attributes).toMatch(/type="application\/(?:ld\+)?json"/);
    }
  });

  it('answers 404, not indexed, for drafts, scheduled and unknown articles', async () => {
    for (const slug of ['brouillon-secret', 'programme-demain', 'nexiste-pas']) {
      const { status, html } = await get(`/blog/${slug}`);
      expect(status).toBe(404);
      expect(head(html)).toContain('<title>Article non trouvé ou inaccessible</title>');
      expect(metaContent(html, 'name', 'robots')).toBe('noindex');
      expect(html).not.toContain('<link rel="canonical"');
      expect(html).toContain('Article non trouvé ou inaccessible</h1>');
      expect(html).not.toContain('pas encore');
    }
  });

  it('keeps the client-only shell, not indexed, for the back-office and unknown paths', async () => {
    for (const [pathname, expected] of [
      ['/admin', 200],
      ['/admin/blog', 200],
      ['/admin-login', 200],
      ['/installation', 200],
      ['/une-page-inconnue', 404],
      ['/blog/un/deux', 404],
      ['/administration', 404],
    ] as const) {
      const { status, html } = await get(pathname);
      expect(status, pathname).toBe(expected);
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('hydration-data');
      expect(metaContent(html, 'name', 'robots')).toBe('noindex');
    }
    // The server bundle inside dist/ is not a public file.
    expect((await get('/.ssr/entry-server.js')).html).not.toContain('renderPage');
  });

  it('shows a content change in the very next rendered HTML', async () => {
    expect((await get('/')).html).toContain('Garage Martin, votre atelier à Lyon');
    await setContent('hero', {
      heading: 'Nouveau titre du garage',
      subheading: 'Entretien toutes marques',
      description: 'Des devis clairs.',
      backgroundImage: '/images/hero-atelier.svg',
    });
    const after = (await get('/')).html;
    expect(after).toContain('<h1 id="hero-title">Nouveau titre du garage</h1>');
    expect(after).not.toContain('Garage Martin, votre atelier à Lyon');

    // No weekly hours, only the owner's note: the block keeps everything else but publishes no
    // hours.
    const closed = { lundi: [], mardi: [], mercredi: [], jeudi: [], vendredi: [], samedi: [] };
    await setContent('hours', {
      week: { ...closed, dimanche: [] },
      closures: [],
      openings: [],
      note: 'Sur rendez-vous',
    });
    const home = await get('/');
    expect(home.html).toContain('Sur rendez-vous');
    const [autoRepair] = jsonLdBlocks(home.html);
    expect(autoRepair).toMatchObject({ '@type': 'AutoRepair', telephone: '04 72 00 11 22' });
    expect(autoRepair).not.toHaveProperty('openingHoursSpecification');
  });

  it("shows a change of the garage's identity in the next rendered HTML of every page", async () => {
    for (const path of ['/', '/mentions-legales']) {
      expect((await get(path)).html).toContain('Garage Martin');
    }
    await setContent('identity', {
      ...IDENTITY,
      name: 'Atelier Dupont',
      description: 'Atelier Dupont à Lyon.',
    });
    for (const path of ['/', '/blog', '/mentions-legales']) {
      const { html } = await get(path);
      expect(html).toContain('Atelier Dupont');
      const at = html.indexOf('Garage Martin');
      expect(at, `${path}: ${html.slice(at - 200, at + 50)}`).toBe(-1);
    }
    await setContent('identity', IDENTITY);
  });

  it('shows post edits, removals and publications in the next rendered HTML', async () => {
    // Through the API, as the back-office writes: that is what tells the server its cached pages
    // are stale (server/content-version.ts; tests/integration/page-cache.test.ts has the rest).
    const posts = () => server.serviceClient().from('blog_posts');
    const expectOk = ({ error }: { error: unknown }) => expect(error).toBeNull();
    await get('/blog');
    await get('/blog/freins-usure');
    expectOk(
      await posts().update({ title: 'Freins : quand les changer' }).eq('slug', 'freins-usure'),
    );
    expect((await get('/blog')).html).toContain('Freins : quand les changer');
    expect((await get('/blog/freins-usure')).html).toContain('Freins : quand les changer');
    expect((await get('/')).html).toContain('Freins : quand les changer');

    // A scheduled post becomes visible when the publication job runs…
    const minuteAgo = new Date(Date.now() - 60_000).toISOString();
    expectOk(await posts().update({ scheduled_at: minuteAgo }).eq('slug', 'programme-demain'));
    expect((await get('/blog')).html).not.toContain('Programmé demain');
    await publishDuePosts(server.db);
    expect((await get('/blog')).html).toContain('Programmé demain');
    expect((await get('/blog/programme-demain')).status).toBe(200);

    // …and a post dated a moment ahead appears once that moment has passed, with no write at all.
    const soon = new Date(Date.now() + 1500).toISOString();
    expectOk(
      await posts().insert({
        title: "Article de tout à l'heure",
        slug: 'tout-a-l-heure',
        content: 'Texte',
        published_at: soon,
      }),
    );
    expect((await get('/blog')).html).not.toContain('tout à l&#x27;heure');
    await eventually('the post on the blog page', async () =>
      (await get('/blog')).html.includes('tout à l&#x27;heure'),
    );
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(soon));

    expectOk(await posts().delete().eq('slug', 'freins-usure'));
    expect((await get('/blog')).html).not.toContain('Freins : quand les changer');
    expect((await get('/blog/freins-usure')).status).toBe(404);
  });

  it('escapes stored text that could close a script element', async () => {
    await sql(
      server.db,
      `insert into public.blog_posts (title, slug, content, published_at)
         values ('</script><script>alert(1)</script> $& $''', 'piege', 'texte', now() - interval '1 hour')`,
    );
    const { html } = await get('/blog/piege');
    expect(html).not.toContain('<script>alert(1)</script>');
    const [posting] = jsonLdBlocks(html);
    expect(posting?.headline).toBe("</script><script>alert(1)</script> $& $'");
  });
});
