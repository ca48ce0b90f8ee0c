import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { promisify } from 'node:util';
import { LEGAL_PAGES } from '../../src/site/legal/legal-pages.ts';
import { SENT_TEXT } from '../../src/site/request/request-messages.ts';
import { daysFromNow, expect, test } from './site-blog-posts.ts';
import { eventually } from '../helpers/eventually.ts';

/**
 * `npm run build -- --prerender` for a static host: scripts/prerender.ts run on
 * a copy of the built site, reading the content from the test server's REST API as a visitor, as
 * it would from hosted Supabase. It needs no browser: it runs after the build, with these specs.
 */
const run = promisify(execFile);
const SITE_URL = 'https://garage-exemple.fr';

let distDir: string;

test.beforeEach(async () => {
  // Inside the checkout: the server bundle imports react and the rest from node_modules.
  await mkdir(path.resolve('.tmp'), { recursive: true });
  distDir = await mkdtemp(path.resolve('.tmp', 'prerender-'));
  await cp(path.resolve('dist'), distDir, { recursive: true });
});

test.afterEach(async () => {
  await rm(distDir, { recursive: true, force: true });
});

async function anonKeyOf(baseURL: string): Promise<string> {
  const html = await (await fetch(`${baseURL}/admin-login`)).text();
  const config = /<script type="application\/json" id="supabase-config">(.*?)<\/script>/.exec(html);
  return (JSON.parse(config?.[1] ?? '{}') as { anonKey: string }).anonKey;
}

async function prerender(baseURL: string): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/prerender.ts'], {
    env: {
      ...process.env,
      DIST_DIR: distDir,
      VITE_SUPABASE_URL: baseURL,
      VITE_SUPABASE_ANON_KEY: await anonKeyOf(baseURL),
      SITE_URL: `${SITE_URL}/`,
    },
  });
  return stdout;
}

const read = (...segments: string[]) => readFile(path.join(distDir, ...segments), 'utf8');

test('writes the public pages, the sitemap and robots.txt from the published content', async ({
  server,
  posts,
}) => {
  const [published, draft] = await posts.create([
    { title: 'Article publié', content: 'Le corps publié.', published_at: daysFromNow(-1) },
    { title: 'Brouillon', content: 'Pas encore.', published_at: null },
  ]);
  const hero = (await (
    await fetch(`${server.baseURL}/rest/v1/site_content?select=content&type=eq.hero`, {
      headers: { apikey: await anonKeyOf(server.baseURL) },
    })
  ).json()) as { content: { heading: string } }[];

  const output = await prerender(server.baseURL);
  expect(output).toContain('pré-rendue(s)');

  const home = await read('index.html');
  expect(home).toContain(hero[0]!.content.heading);
  expect(home).toContain(`<link rel="canonical" href="${SITE_URL}/" />`);
  expect(home).toContain('id="hydration-data"');
  expect(await read('blog', 'index.html')).toContain(published!.title);
  expect(await read('blog', published!.slug, 'index.html')).toContain('Le corps publié.');
  await expect(read('blog', draft!.slug, 'index.html')).rejects.toThrow();
  for (const page of LEGAL_PAGES) {
    const html = await read(...page.path.split('/').filter(Boolean), 'index.html');
    expect(html).toContain(`<link rel="canonical" href="${SITE_URL}${page.path}" />`);
    expect(html).toContain(`<h1>${page.title.replace(/'/g, '&#x27;')}</h1>`);
  }
  const noindex = /<meta name="robots" content="noindex" ?\/>/;
  expect(await read('shell.html')).toMatch(noindex);
  expect(await read('404.html')).toMatch(noindex);

  const sitemap = await read('sitemap.xml');
  expect(sitemap).toContain(`<loc>${SITE_URL}/</loc>`);
  expect(sitemap).toContain(`<loc>${SITE_URL}/blog</loc>`);
  expect(sitemap).toContain(`<loc>${SITE_URL}/blog/${published!.slug}</loc>`);
  expect(sitemap).not.toContain(draft!.slug);
  for (const page of LEGAL_PAGES) expect(sitemap).toContain(`<loc>${SITE_URL}${page.path}</loc>`);
  const robots = await read('robots.txt');
  expect(robots).toContain('Disallow: /admin');
  expect(robots).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);

  // The brand's files, which a static host serves at the addresses the pages link.
  expect(home).toMatch(/<link rel="stylesheet" href="\/theme\.css\?v=\w+" \/>/);
  expect(await read('theme.css')).toMatch(/^:root\{--navy:#[0-9a-f]{6};/);
  expect(home).toMatch(/<link rel="icon" href="\/favicon\.png\?v=\w+" type="image\/png" \/>/);
  for (const [file, size] of [
    ['favicon.png', 48],
    ['apple-touch-icon.png', 180],
  ] as const) {
    const icon = await sharp(path.join(distDir, file)).metadata();
    expect([icon.format, icon.width, icon.height]).toEqual(['png', size, size]);
  }
});

test('a second run starts again from the app shell, not from the home page it wrote', async ({
  server,
}) => {
  await prerender(server.baseURL);
  const first = await read('index.html');
  await prerender(server.baseURL);
  const second = await read('index.html');
  expect(second.match(/id="hydration-data"/g)).toHaveLength(1);
  expect(second.replace(/"(?:dataUpdatedAt|dehydratedAt)":\d+/g, '')).toBe(
    first.replace(/"(?:dataUpdatedAt|dehydratedAt)":\d+/g, ''),
  );
});

test('a static host’s request form asks the database for its signed start, then sends', async ({
  server,
  page,
  serviceDb,
}) => {
  await prerender(server.baseURL);
  // Made at build time, the page carries no start: a start written then would be old at once.
  const html = await read('rendez-vous', 'index.html');
  expect(html).toMatch(/name="started_at" value=""/);
  // Served as a static host serves it, talking to the API as on hosted Supabase. A static build
  // bakes the API's address and key into its script; this one, built for the server, reads them
  // from the page, as the server writes them.
  const served = await (await fetch(`${server.baseURL}/admin-login`)).text();
  const config = /<script type="application\/json" id="supabase-config">.*?<\/script>/.exec(served);
  const body = html.replace('</head>', `${config?.[0] ?? ''}</head>`);
  await page.route(`${server.baseURL}/rendez-vous`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body }),
  );
  await page.goto('/rendez-vous');
  const start = page.locator('[name="started_at"]');
  await expect(start).toHaveAttribute('value', /^\d+\.[0-9a-f]{64}$/);

  await page.getByLabel('Nom', { exact: false }).first().fill('Sacha Petit');
  await page.getByLabel('Téléphone').fill('06 12 34 56 78');
  await page.getByLabel('Marque du véhicule', { exact: false }).fill('Dacia');
  await page.getByLabel('Modèle du véhicule', { exact: false }).fill('Sandero');
  await page.getByLabel('Année du véhicule', { exact: false }).fill('2020');
  await page.getByLabel('Besoin', { exact: false }).selectOption('Autre');
  await page.getByRole('checkbox').check();
  const shown = Number.parseInt((await start.getAttribute('value')) ?? '', 10);
  await eventually('the minimum fill time to pass', () => Date.now() >= shown + 3_100);
  await page.getByRole('button', { name: 'Envoyer ma demande' }).click();
  await expect(page.getByRole('status')).toContainText(SENT_TEXT);
  const { data } = await serviceDb.from('requests').select('name').eq('name', 'Sacha Petit');
  expect(data).toEqual([{ name: 'Sacha Petit' }]);
  await serviceDb.from('requests').delete().eq('name', 'Sacha Petit');
});
