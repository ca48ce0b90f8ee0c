import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';

const API = `http://${process.env.HOST || '127.0.0.1'}:${process.env.PORT || 3000}`;

/**
 * `npm run dev`: the page gets the self-hosted server's anon key the same way the server hands it
 * out (server/site.ts), read from the data directory's secret. Not used by builds.
 */
function selfHostedConfig(): Plugin {
  return {
    name: 'self-hosted-supabase-config',
    apply: 'serve',
    async transformIndexHtml(html) {
      if (process.env.VITE_SUPABASE_ANON_KEY) return html;
      const { loadJwtSecret } = await import('./server/config.ts');
      const { makeApiKey } = await import('./server/jwt.ts');
      const { injectConfig } = await import('./server/site.ts');
      const secret = await loadJwtSecret(
        path.resolve(process.env.DATA_DIR || 'data'),
        process.env.JWT_SECRET,
      );
      return injectConfig(html, await makeApiKey('anon', secret));
    },
  };
}

/** The site's chunk, loaded by the entry for every public page. */
const SITE_ROOT = 'src/app/browser.tsx';
/** Loaded without the site: the login and setup pages (besides the entry). */
const WITHOUT_SITE = /[\\/]src[\\/]admin[\\/]login[\\/]/;

type ModuleInfoLike = {
  isEntry: boolean;
  importers: readonly string[];
  dynamicImporters: readonly string[];
};
type GetModuleInfo = (id: string) => ModuleInfoLike | null;
type ChunkingContext = { getModuleInfo: GetModuleInfo };

/**
 * The site's first load in two chunks: what it shares with the pages loaded without it (the
 * entry, the login pages), and the rest of what the site's chunk imports statically. Left to
 * itself, the bundler splits that code into a dozen chunks, by which the pages loaded later (the
 * blog, the back-office) share each module: the first load of `/` then pays a request and a
 * separate compression for each (about 5 kB of gzip). Those pages only come through the site's
 * chunk, so they lose nothing by importing it whole; the login page loads only the shared chunk,
 * never React. The shared group comes first: a group also takes the dependencies of the modules it
 * captures, and those of the site must stay out of the shared chunk.
 */
function siteChunkGroups() {
  const root = path.resolve(SITE_ROOT);
  const cache = new Map<string, Set<string>>();
  // The modules loaded on their own (entries, or imported on demand) from which a chain of
  // static imports leads to `id`.
  const rootsOf = (id: string, info: GetModuleInfo): Set<string> => {
    const known = cache.get(id);
    if (known) return known;
    const roots = new Set<string>();
    cache.set(id, roots);
    const module = info(id);
    if (!module) return roots;
    if (module.isEntry || module.dynamicImporters.length > 0) roots.add(id);
    for (const importer of module.importers) rootsOf(importer, info).forEach((r) => roots.add(r));
    return roots;
  };
  const classify = (id: string, ctx: ChunkingContext) => {
    const info: GetModuleInfo = (m) => ctx.getModuleInfo(m);
    const roots = rootsOf(id, info);
    // A module loaded on its own keeps its chunk (the site's chunk itself among them).
    if (!roots.has(root) || roots.has(id)) return null;
    const withoutSite = [...roots].some(
      (r) => r !== root && (info(r)?.isEntry || WITHOUT_SITE.test(r)),
    );
    return withoutSite ? 'shared' : 'site';
  };
  return [
    {
      debugName: 'site-shared',
      priority: 2,
      name: (id: string, ctx: ChunkingContext) =>
        classify(id, ctx) === 'shared' ? 'shared' : null,
    },
    {
      debugName: 'site',
      priority: 1,
      name: (id: string, ctx: ChunkingContext) => (classify(id, ctx) === 'site' ? 'site' : null),
    },
  ];
}

export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: [react(), selfHostedConfig()],
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: path.resolve('src/lib/sync-external-store.ts'),
      },
    ],
  },
  // Bundled into the server bundle, React and the rest pick their build from this at build time.
  define: isSsrBuild
    ? { 'process.env.NODE_ENV': JSON.stringify(mode === 'production' ? mode : 'development') }
    : {},
  server: {
    proxy: Object.fromEntries(
      ['/rest/v1', '/auth/v1', '/functions/v1'].map((prefix) => [prefix, API]),
    ),
  },
  // The server bundle carries its dependencies (React in production mode among them): the
  // server's runtime dependencies are then only its own, and pages never render with React's
  // development build, whatever NODE_ENV the server runs with.
  ssr: { noExternal: true },
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    // The server bundle (`vite build --ssr src/entry-server.tsx`, into dist/.ssr) renders the
    // public pages; public/ is already in dist/ from the client build.
    copyPublicDir: !isSsrBuild,
    rolldownOptions: {
      output: isSsrBuild ? {} : { codeSplitting: { groups: siteChunkGroups() } },
      onwarn(warning, warn) {
        // The server bundle imports statically what the browser fetches on demand (the content's
        // validators and defaults): on the server, chunks make no difference.
        if (isSsrBuild && warning.code === 'INEFFECTIVE_DYNAMIC_IMPORT') return;
        warn(warning);
      },
    },
  },
}));
