/**
 * Prerenders the public pages for a static host in front of hosted Supabase (README, "Server
 * rendering and static hosting"). Run after the client and server bundles are built:
 *
 *   VITE_SUPABASE_URL=… VITE_SUPABASE_ANON_KEY=… SITE_URL=https://garage.example \
 *     npm run build -- --prerender        (or PRERENDER=1 npm run build, or npm run prerender)
 *
 * Reads the content as a visitor through the backend's REST API and writes dist/index.html,
 * dist/blog/index.html, dist/blog/page/<n>/index.html, dist/blog/<slug>/index.html and the legal
 * pages (dist/mentions-legales/index.html, dist/confidentialite/index.html), plus
 * dist/shell.html (the client-only page for every other path, not indexed), dist/404.html,
 * dist/sitemap.xml and dist/robots.txt, and the brand's files: dist/theme.css, dist/favicon.png and
 * dist/apple-touch-icon.png.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PublicDataSource } from '../src/entry-server.tsx';
import type { PostCard } from '../src/site/blog/api/posts-page.ts';
import { blogPageCount, blogPagePath, POST_CARD_COLUMNS } from '../src/site/blog/pages.ts';
import { LEGAL_PAGES } from '../src/site/legal/legal-pages.ts';
import { REQUEST_FORM_PATH } from '../src/site/request/request-route.ts';
import { restReader, restSource } from '../server/render/rest-source.server.ts';
import { restPublishedPages } from '../server/seo/rest-pages.ts';
import { normalizeSiteUrl, robotsTxt, sitemapEntries, sitemapXml } from '../server/seo/sitemap.ts';
import { loadBuiltEntry } from '../server/render/site-renderer.server.ts';
import { checkTemplate, pageHtml, shellHtml } from '../server/render/template.server.ts';
import { renderIcon } from '../server/brand/icons.ts';
import { parseSiteContent } from '../src/content/content.ts';
import { DEFAULT_CONTENT } from '../src/content/generated/defaults.ts';
import { THEME_CSS_PATH, themeCss } from '../src/lib/theme/theme-css.ts';
import { FAVICON_PATH, TOUCH_ICON_PATH } from '../src/site/seo/brand-head.ts';

const args = process.argv.slice(2);
const asked =
  args.includes('--prerender') || ['1', 'true', 'yes'].includes(process.env.PRERENDER ?? '');
if (args.includes('--when-asked') && !asked) process.exit(0);

function required(name: string): string {
  const value = process.env[name]?.trim();
  if (!value) {
    console.error(`Pré-rendu impossible : la variable ${name} est requise.`);
    process.exit(1);
  }
  return value;
}

const backendUrl = required('VITE_SUPABASE_URL');
const anonKey = required('VITE_SUPABASE_ANON_KEY');
const siteUrl = normalizeSiteUrl(required('SITE_URL')) ?? '';
const distDir = path.resolve(process.env.DIST_DIR || 'dist');

const entry = await loadBuiltEntry(distDir);
if (!entry) {
  console.error(`Pré-rendu impossible : ${distDir}/.ssr/entry-server.js manque (npm run build).`);
  process.exit(1);
}
const templateFile = path.join(distDir, 'index.html');
// A second run must start from the app shell, not from the home page the first one wrote.
const shellFile = path.join(distDir, 'shell.html');
const built = await readFile(templateFile, 'utf8');
const template = built.includes('id="hydration-data"')
  ? (await readFile(shellFile, 'utf8')).replace('<meta name="robots" content="noindex" />', '')
  : built;
checkTemplate(template);

const get = restReader(backendUrl, anonKey);
const now = encodeURIComponent(new Date().toISOString());
const source: PublicDataSource = {
  ...restSource(backendUrl, anonKey),
  // Each page of the list reads its own posts: a backend answers a bounded number of rows.
  publishedPostsPage: (limit, offset) =>
    get<PostCard[]>(
      `blog_posts?select=${POST_CARD_COLUMNS}&published_at=not.is.null` +
        `&published_at=lte.${now}&order=published_at.desc,slug&limit=${limit}&offset=${offset}`,
    ),
};
const published = await restPublishedPages(backendUrl, anonKey);
const listPages = Array.from({ length: blogPageCount(published.posts.length) }, (_, i) =>
  blogPagePath(i + 1),
);
const paths = [
  '/',
  ...listPages,
  ...published.posts.map((post) => `/blog/${post.slug}`),
  ...LEGAL_PAGES.map((page) => page.path),
  REQUEST_FORM_PATH,
];

async function write(file: string, body: string | Uint8Array): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, body);
}

/** The logo's bytes: a file of the built site, or an image on the web (the hosted storage's). */
async function readLogo(logo: string): Promise<Uint8Array> {
  if (logo.startsWith('/') && !logo.startsWith('//')) {
    return readFile(path.join(distDir, ...logo.split('/').filter(Boolean)));
  }
  const response = await fetch(logo);
  if (!response.ok) throw new Error(`${logo} : ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * What the self-hosted server answers at /theme.css, /favicon.png and /apple-touch-icon.png
 * (server/brand), as files: the pages link them by these addresses.
 */
async function writeBrandFiles(): Promise<void> {
  const content = parseSiteContent(await source.siteContentRows());
  await write(path.join(distDir, THEME_CSS_PATH.slice(1)), themeCss(content.theme));
  let logo: Uint8Array;
  try {
    logo = await readLogo(content.identity.logo);
  } catch (error) {
    console.warn(`Logo illisible, icônes tirées du logo par défaut : ${String(error)}`);
    logo = await readLogo(DEFAULT_CONTENT.identity.logo);
  }
  await write(path.join(distDir, FAVICON_PATH.slice(1)), await renderIcon(logo, 'favicon'));
  await write(path.join(distDir, TOUCH_ICON_PATH.slice(1)), await renderIcon(logo, 'touch'));
}

await write(shellFile, shellHtml(template));
for (const pathname of paths) {
  const page = await entry.renderPage(pathname, source, { siteUrl, live: false });
  if (!page) throw new Error(`${pathname} n'est pas une page pré-rendue.`);
  const file = path.join(distDir, ...pathname.split('/').filter(Boolean), 'index.html');
  await write(file, pageHtml(template, page));
  console.log(`  ${path.relative(process.cwd(), file)}`);
}
await writeBrandFiles();
const missing = await entry.renderPage('/blog/page-introuvable', source, { siteUrl, live: false });
if (missing) await write(path.join(distDir, '404.html'), pageHtml(template, missing));
await write(path.join(distDir, 'sitemap.xml'), sitemapXml(sitemapEntries(published, siteUrl)));
await write(path.join(distDir, 'robots.txt'), robotsTxt(siteUrl));
console.log(`${paths.length} page(s) pré-rendue(s) depuis ${backendUrl} pour ${siteUrl}.`);
