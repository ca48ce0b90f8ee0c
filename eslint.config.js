import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
      // libraries must stay off visitors' phones), browser code never imports the server, and
      // shared pieces import no feature.
      'import-x/no-restricted-paths': [
        'error',
        {
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
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
