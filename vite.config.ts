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

export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: [react(), selfHostedConfig()],
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
      onwarn(warning, warn) {
        // The server bundle imports statically what the browser fetches on demand (the content's
        // validators and defaults): on the server, chunks make no difference.
        if (isSsrBuild && warning.code === 'INEFFECTIVE_DYNAMIC_IMPORT') return;
        warn(warning);
      },
    },
  },
}));
