import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * The back-office's folders that every other folder may import: the frame, the building blocks of
 * forms and pages, and the session (docs/decisions/085-admin-zones.md). Every other folder of
 * src/admin is a feature.
 */
export const ADMIN_SHARED_FOLDERS = [
  'auth',
  'client',
  'content',
  'editor',
  'errors',
  'realtime',
  'rich-text',
  'shell',
  'styles',
  'ui',
  'unsaved',
];

const ADMIN_FOLDERS = readdirSync(new URL('./src/admin', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * One zone per folder of src/admin, read from the disk so that a new feature folder is covered
 * without an edit here: a folder imports its own files, the shared folders, and another feature
 * only through that feature's index.ts; never the app's root files (admin-area.tsx and the like).
 */
const ADMIN_ZONES = ADMIN_FOLDERS.map((folder) => ({
  target: `./src/admin/${folder}`,
  from: './src/admin',
  except: [
    ...[...new Set([folder, ...ADMIN_SHARED_FOLDERS])].map((open) => `./${open}`),
    ...ADMIN_FOLDERS.filter((other) => !ADMIN_SHARED_FOLDERS.includes(other)).map(
      (feature) => `./${feature}/index.ts`,
    ),
  ],
  message:
    'Reach another feature through its index.ts, or move the piece to a shared folder (docs/decisions/085-admin-zones.md).',
}));

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'data',
      '.tmp',
      'test-results',
      'playwright-report',
      'src/content/generated',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] }),
      ],
      // Only our own files are followed; bundled dependencies are not ours to check for cycles.
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // The architecture's boundaries: the public site never reaches into the admin (its heavy
      // libraries must stay off visitors' phones), browser code never imports the server,
      // shared pieces import no feature, and the admin's features keep their internals.
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: './src/site',
              from: './src/admin',
              message: 'The public site must not import admin code.',
            },
            { target: './src/lib', from: ['./src/admin', './src/site', './src/app'] },
            { target: './src/content', from: ['./src/admin', './src/site', './src/app'] },
            {
              target: './src',
              from: './server',
              message: 'Browser code must not import the server.',
            },
            { target: './supabase/functions', from: ['./server', './src'] },
            ...ADMIN_ZONES,
          ],
        },
      ],
    },
  },
  {
    // What visitors download: the public pages route with wouter and talk to the backend through
    // the anon clients of src/lib/public-client.ts; react-router and the whole of supabase-js
    // (auth, realtime, storage) stay in the back-office's chunk.
    files: ['src/{app,site,content}/**/*.{ts,tsx}', 'src/{main,entry-server}.tsx'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react-router-dom', message: 'Public pages route with wouter.' },
            { name: 'react-router', message: 'Public pages route with wouter.' },
            {
              name: '@supabase/supabase-js',
              message: 'Public pages use src/lib/public-client.ts.',
              allowTypeImports: true,
            },
          ],
          patterns: [
            {
              group: ['**/lib/supabase.ts', '**/lib/supabase'],
              message: 'Public pages use src/lib/public-client.ts.',
            },
            {
              group: ['@tiptap/*'],
              message: 'The toolbar editor is for the back-office only (docs/decisions/068).',
            },
          ],
        },
      ],
    },
  },
  {
    // One way for the back-office to reach the API (docs/decisions/083-one-client-in-the-back-office.md):
    // the client of its context (useSupabase()), given by the one provider file; the pages that only
    // sign in use src/lib/auth-client.ts, and calls auth-js has no method for src/lib/auth-request.ts.
    files: ['src/admin/**/*.{ts,tsx}'],
    ignores: [
      'src/admin/client/app-client-provider.tsx',
      'src/**/*.test.{ts,tsx}',
      'src/**/test-*.{ts,tsx}',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['ImportDeclaration', 'ImportExpression', 'ExportNamedDeclaration'].map((node) => ({
          selector: `${node}[source.value=/lib.supabase(\\.ts)?$/]`,
          message: 'Get the client from useSupabase() (src/admin/client/client-context.tsx).',
        })),
        {
          selector: 'NewExpression[callee.name=/^(GoTrueClient|AuthClient|SupabaseAuthClient)$/]',
          message:
            'No second auth client: use the one of useSupabase(), or src/lib/auth-client.ts on the sign-in pages.',
        },
        {
          selector: "CallExpression[callee.name='createClient']",
          message: 'The back-office has one client: useSupabase().',
        },
        ...[
          "CallExpression[callee.name='fetch']",
          "CallExpression[callee.object.name=/^(window|globalThis|self)$/][callee.property.name='fetch']",
        ].flatMap((call) =>
          [
            'Literal[value=/\\b(auth|rest|storage|functions|realtime).v1\\b/]',
            'TemplateElement[value.raw=/\\b(auth|rest|storage|functions|realtime).v1\\b/]',
          ].map((path) => ({
            selector: `${call} ${path}`,
            message:
              'Reach the API through the client (supabase-js, or authRequest() of src/lib/auth-request.ts), not with fetch.',
          })),
        ),
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Tests wait for a positive marker within a deadline (tests/helpers/eventually.ts, vitest's
    // vi.waitFor, Playwright's expect), never for a fixed time: a fixed sleep is too short on a
    // busy machine and wasted on a fast one. Yielding once to the event loop (a delay of 0) is
    // not a wait.
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.{ts,tsx}', 'src/**/test-*.{ts,tsx}'],
    ignores: ['tests/helpers/eventually.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='setTimeout'][arguments.1.value!=0]",
          message: 'Wait for a positive marker (eventually(), vi.waitFor) instead of a fixed time.',
        },
        {
          selector: "CallExpression[callee.property.name='waitForTimeout']",
          message:
            'Wait for a positive marker (expect(…).toBeVisible(), …) instead of a fixed time.',
        },
      ],
    },
  },
);
