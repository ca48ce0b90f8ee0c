/**
 * `npm run check-site`: what the site still lacks, for a deployment script. One French line per
 * item of « À compléter » (the back-office home's list, src/content/checklist.ts); exits 1 while
 * an item the law asks for is missing or still an example, 0 otherwise (examples of other fields
 * are warnings), 2 when the content cannot be read (docs/decisions/064-to-complete.md).
 *
 * Where the content is read, in this order:
 * - hosted Supabase: VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY (the build's), through the
 *   public REST API (site_content is readable by visitors);
 * - DATABASE_URL: the PostgreSQL server, read directly (any number of readers);
 * - the server running on HOST:PORT over DATA_DIR: through its REST API, never by opening its
 *   PGlite files a second time (two processes on one data directory corrupt it);
 * - else DATA_DIR, opened directly, read only.
 */
import { checklist, lacksLegalItem, type ChecklistItem } from '../src/content/checklist.ts';
import { parseSiteContent, type SiteContent } from '../src/content/content.ts';
import { contentEditor } from '../src/admin/shell/admin-routes.ts';
import { fieldHref } from '../src/admin/completeness/field-address.ts';
import { configFromEnv } from '../server/config.ts';
import { openDatabase } from '../server/db/open.ts';
import { runningServer, verifyServer } from './lib/running-server.ts';

type Rows = { type: string; content: unknown }[];

async function throughRest(url: string, anonKey: string): Promise<Rows> {
  const res = await fetch(`${url.replace(/\/+$/, '')}/rest/v1/site_content?select=type,content`, {
    headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'accept-profile': 'public' },
    signal: AbortSignal.timeout(15_000),
  });
  if (!res.ok) throw new Error(`${url} a répondu ${res.status} à la lecture du contenu.`);
  return (await res.json()) as Rows;
}

/** The site's content and a sentence saying where it was read. */
async function readContent(
  env: NodeJS.ProcessEnv,
): Promise<{ content: SiteContent; from: string }> {
  if (env.VITE_SUPABASE_URL && env.VITE_SUPABASE_ANON_KEY) {
    const rows = await throughRest(env.VITE_SUPABASE_URL, env.VITE_SUPABASE_ANON_KEY);
    return { content: parseSiteContent(rows), from: `Supabase (${env.VITE_SUPABASE_URL})` };
  }
  const config = await configFromEnv(env);
  const url = config.databaseUrl ? undefined : await runningServer(config);
  if (url) {
    await verifyServer(url, config.jwtSecret);
    const rows = await throughRest(url, config.anonKey);
    return { content: parseSiteContent(rows), from: `le serveur en marche sur ${url}` };
  }
  const db = await openDatabase(config);
  try {
    const rows = await db.transaction(async (tx) => {
      // A database the server never started on has no table yet: the site would show defaults.
      const table = await tx.query<{ found: boolean }>(
        "select to_regclass('public.site_content') is not null as found",
      );
      if (!table.rows[0]?.found) return [];
      // As text, parsed here: the same on PGlite and PostgreSQL, whatever their jsonb parsers.
      const { rows } = await tx.query<{ type: string; content: string }>(
        'select type, content::text as content from public.site_content',
      );
      return rows.map((row) => ({ type: row.type, content: JSON.parse(row.content) as unknown }));
    });
    const from = config.databaseUrl ? 'la base PostgreSQL (DATABASE_URL)' : config.dataDir;
    return { content: parseSiteContent(rows), from };
  } finally {
    await db.close();
  }
}

function line(item: ChecklistItem, siteUrl: string): string {
  const editor = contentEditor(item.type);
  const where = editor ? ` (${editor.title})` : '';
  const href = fieldHref(item.type, item.path);
  const link = href ? ` → ${siteUrl}${href}` : '';
  const level = item.legal ? 'OBLIGATOIRE' : 'À vérifier ';
  return `${level}  ${item.label}${where} : ${item.problem}${link}`;
}

async function main(): Promise<number> {
  let read;
  try {
    read = await readContent(process.env);
  } catch (error) {
    console.error(`Impossible de lire le contenu du site : ${(error as Error).message}`);
    return 2;
  }
  const items = checklist(read.content);
  const siteUrl = (process.env.SITE_URL ?? '').replace(/\/+$/, '');
  console.log(`Contenu lu depuis ${read.from}.`);
  for (const item of items) console.log(line(item, siteUrl));
  const legal = items.filter((item) => item.legal).length;
  if (lacksLegalItem(items)) {
    console.log(
      `${legal} mention(s) légale(s) manquante(s) ou encore en exemple : complétez-les dans le back-office avant la mise en ligne.`,
    );
    return 1;
  }
  console.log(
    items.length === 0
      ? 'Tout est complet.'
      : `Mentions légales complètes ; ${items.length} exemple(s) encore à remplacer.`,
  );
  return 0;
}

process.exitCode = await main();
