import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The bundle boundary: the public pages load no admin module — no rjsf, ajv,
 * ECharts, dnd-kit or src/admin code. The site is built into a temporary directory (so this does
 * not race other suites over dist/), then the build manifest gives the chunks a visitor can load:
 * the entry, everything it imports, and every chunk it loads on demand except the back-office's,
 * with their imports. A small Vite plugin added to the build records which source modules went into
 * each chunk (stylesheets included), since the manifest names chunks, not their modules.
 *
 * The entry only chooses between two chunks: the site, or on /admin-login the login form. The first
 * load of / (at most 105 kB of gzipped JavaScript) is the entry, the site's chunk and
 * their static imports: it carries none of what a public page loads only on demand (the backend
 * clients, the content validators and defaults, the markdown and HTML parsers). The login page
 * (at most 60 kB) is the entry, the login chunk and their static imports: the form and the auth
 * client, without React or anything else of the back-office.
 */
interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;
/** Built file (`assets/x.js`) → the source modules bundled in it. */
type ModuleMap = Record<string, string[]>;

const FORBIDDEN: [label: string, pattern: RegExp][] = [
  ['rjsf', /[\\/]node_modules[\\/]@rjsf[\\/]/],
  ['ajv', /[\\/]node_modules[\\/]ajv(-formats|-i18n|-keywords)?[\\/]/],
  ['echarts', /[\\/]node_modules[\\/](echarts|zrender)[\\/]/],
  ['dnd-kit', /[\\/]node_modules[\\/]@dnd-kit[\\/]/],
  ['admin code', /[\\/]src[\\/]admin[\\/]/],
  // The public pages use the anon client of src/lib/public-client.ts, never all of supabase-js.
  ['supabase-js', /[\\/]node_modules[\\/]@supabase[\\/](supabase|auth|realtime|storage)-js[\\/]/],
  // The public pages route with wouter (src/app/public-router.tsx); react-router is the admin's.
  ['react-router', /[\\/]node_modules[\\/]react-router(-dom)?[\\/]/],
  // The password check's dictionaries: fetched by the back-office's password forms only.
  ['zxcvbn', /[\\/]node_modules[\\/]@zxcvbn-ts[\\/]/],
  // The toolbar editor of articles and sections (docs/decisions/068-toolbar-editor.md).
  ['toolbar editor', /[\\/]node_modules[\\/](@tiptap[\\/]|prosemirror-[^\\/]+[\\/]|marked[\\/])/],
  // The home page's visit is one POST, sent by src/lib/public-client.ts without functions-js.
  ['functions-js', /[\\/]node_modules[\\/]@supabase[\\/]functions-js[\\/]/],
];

/** Loaded by public pages on demand only: never in the entry nor its static imports. */
const NOT_ON_FIRST_LOAD: [label: string, pattern: RegExp][] = [
  ['content validators', /[\\/]src[\\/]content[\\/]generated[\\/]validators\.js$/],
  ['content defaults', /[\\/]src[\\/]content[\\/]generated[\\/]defaults\.ts$/],
  ['postgrest-js', /[\\/]node_modules[\\/]@supabase[\\/]postgrest-js[\\/]/],
  [
    'markdown parser',
    /[\\/]node_modules[\\/](react-markdown|micromark[^\\/]*|remark-[^\\/]+)[\\/]/,
  ],
  ['HTML parser', /[\\/]node_modules[\\/](parse5|hast-util-from-html)[\\/]/],
  ['blog pages', /[\\/]src[\\/]site[\\/]blog[\\/](article|blog-list)-page\.tsx$/],
];

/** Gzipped JavaScript of the first load of /, the sending of its visit included. */
const FIRST_LOAD_BUDGET = 105_000;
/** Gzipped JavaScript of /admin-login. */
const LOGIN_BUDGET = 60_000;

/** The chunks the entry loads: the public site, or the login page. */
const SITE_KEY = 'src/app/browser.tsx';
const LOGIN_KEY = 'src/admin/login/index.ts';

/** Never on the login page: React and every library and module of the back-office but sign-in. */
const NOT_ON_LOGIN: [label: string, pattern: RegExp][] = [
  ['React', /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/],
  ...FORBIDDEN.filter(([label]) => label !== 'admin code' && label !== 'supabase-js'),
  [
    'supabase-js besides auth',
    /[\\/]node_modules[\\/]@supabase[\\/](realtime|storage|postgrest|functions)-js[\\/]/,
  ],
  ['react-query', /[\\/]node_modules[\\/]@tanstack[\\/]/],
  [
    'back-office code',
    /[\\/]src[\\/]admin[\\/](?!login[\\/](?!installation\.ts$|setup-api\.ts$)|styles[\\/]forms\.css$|auth[\\/](sign-in|is-admin|return-path)\.ts$)/,
  ],
];

/** The page of the first administrator's setup link (/installation): the login page's bounds. */
const INSTALLATION_KEY = 'src/admin/login/installation.ts';
const NOT_ON_INSTALLATION: [label: string, pattern: RegExp][] = [
  ...NOT_ON_LOGIN.filter(([label]) => label !== 'back-office code'),
  [
    'back-office code',
    /[\\/]src[\\/]admin[\\/](?!login[\\/](installation|setup-api|plain-form)\.ts$|login[\\/]login\.css$|styles[\\/]forms\.css$|auth[\\/]welcome\.ts$)/,
  ],
];

const isAdminKey = (key: string) => /^src\/admin\//.test(key);

/** Manifest keys of every chunk a visitor of the public pages may load. */
function publicChunks(manifest: Manifest): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    const chunk = manifest[key];
    chunk.imports?.forEach(visit);
    // Chunks loaded on demand by public code (markdown, the backend client), not the back-office.
    chunk.dynamicImports?.filter((k) => !isAdminKey(k)).forEach(visit);
  };
  Object.entries(manifest)
    .filter(([, chunk]) => chunk.isEntry)
    .forEach(([key]) => visit(key));
  return seen;
}

/** Manifest keys of the entry, the chunk `page` it loads, and every chunk they import statically. */
function pageLoadChunks(manifest: Manifest, page: string): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    manifest[key].imports?.forEach(visit);
  };
  Object.entries(manifest)
    .filter(([, chunk]) => chunk.isEntry)
    .forEach(([key]) => visit(key));
  visit(page);
  return seen;
}

/** The built files of a page's load. */
function pageLoadFiles(manifest: Manifest, page: string): Set<string> {
  return new Set([...pageLoadChunks(manifest, page)].map((key) => manifest[key]!.file));
}

async function gzippedSize(files: Iterable<string>): Promise<number> {
  let total = 0;
  for (const file of files) {
    total += gzipSync(await readFile(path.join(outDir, file)), { level: 6 }).length;
  }
  return total;
}

/** Built files holding a module that matches `pattern`. */
function filesWith(modules: ModuleMap, pattern: RegExp): string[] {
  return Object.entries(modules)
    .filter(([, ids]) => ids.some((id) => pattern.test(id)))
    .map(([file]) => file);
}

/** What breaks the boundary, as readable lines (empty when the public chunks are clean). */
function boundaryViolations(manifest: Manifest, modules: ModuleMap): string[] {
  const violations: string[] = [];
  for (const key of publicChunks(manifest)) {
    const chunk = manifest[key]!;
    if (isAdminKey(key) || (chunk.src && isAdminKey(chunk.src)))
      violations.push(`${chunk.file}: the admin chunk ${key} is reachable from a public page`);
    const ids = modules[chunk.file];
    if (!ids) {
      violations.push(`${chunk.file}: no module list recorded for this chunk`);
      continue;
    }
    for (const id of ids) {
      for (const [label, pattern] of FORBIDDEN) {
        if (pattern.test(id)) violations.push(`${chunk.file} (${key}) bundles ${label}: ${id}`);
      }
    }
  }
  return violations;
}

/**
 * Runs `vite build` with the project's config into `outDir`, plus a plugin writing
 * `.vite/modules.json`. In a child process, so the test runner's NODE_ENV and module graph stay out
 * of the build.
 */
function build(outDir: string): void {
  const script = `
    import { build } from 'vite';
    await build({
      configFile: 'vite.config.ts',
      logLevel: 'warn',
      build: { outDir: ${JSON.stringify(outDir)}, emptyOutDir: true, manifest: true },
      plugins: [{
        name: 'record-chunk-modules',
        apply: 'build',
        generateBundle(_options, bundle) {
          const modules = {};
          for (const output of Object.values(bundle)) {
            if (output.type !== 'chunk') continue;
            modules[output.fileName] = output.moduleIds ?? Object.keys(output.modules ?? {});
          }
          this.emitFile({ type: 'asset', fileName: '.vite/modules.json', source: JSON.stringify(modules) });
        },
      }],
    });
  `;
  const env = { ...process.env };
  delete env.NODE_ENV;
  delete env.VITEST;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env,
    encoding: 'utf8',
    timeout: 240_000,
  });
  if (result.status !== 0) {
    throw new Error(
      `The site does not build (vite build into ${outDir}):\n${result.stderr}\n${result.stdout}`,
    );
  }
}

let outDir: string;
let manifest: Manifest;
let modules: ModuleMap;

beforeAll(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'garage-boundary-'));
  build(outDir);
  manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8'));
  modules = JSON.parse(await readFile(path.join(outDir, '.vite/modules.json'), 'utf8'));
}, 300_000);

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe('the build manifest boundary', () => {
  it('has one public entry, which loads the site or the login page, and a separate back-office chunk', () => {
    const entries = Object.entries(manifest).filter(([, c]) => c.isEntry);
    expect(entries.map(([key]) => key)).toEqual(['index.html']);
    expect(manifest['index.html']!.dynamicImports).toEqual(
      expect.arrayContaining([SITE_KEY, LOGIN_KEY]),
    );
    expect(manifest['src/admin/index.ts']?.isDynamicEntry).toBe(true);
    expect(publicChunks(manifest).has('src/admin/index.ts')).toBe(false);
  });

  it('loads no rjsf, ajv, ECharts, dnd-kit or admin code on the public pages', () => {
    expect(boundaryViolations(manifest, modules)).toEqual([]);
  });

  it('would see them: every forbidden library is in the build, in a back-office chunk', () => {
    const publicFiles = new Set([...publicChunks(manifest)].map((k) => manifest[k]!.file));
    for (const [label, pattern] of FORBIDDEN) {
      const holders = Object.entries(modules)
        .filter(([, ids]) => ids.some((id) => pattern.test(id)))
        .map(([file]) => file);
      expect(
        holders.length,
        `${label} appears in no chunk: the check would be blind to it`,
      ).toBeGreaterThan(0);
      expect(holders.filter((file) => publicFiles.has(file))).toEqual([]);
    }
  });

  it('loads no backend client, validator, default content or parser on the first load', () => {
    const firstLoad = pageLoadFiles(manifest, SITE_KEY);
    const publicFiles = new Set([...publicChunks(manifest)].map((key) => manifest[key]!.file));
    for (const [label, pattern] of NOT_ON_FIRST_LOAD) {
      const holders = filesWith(modules, pattern);
      // Each is in the build, in a chunk public pages load on demand: the check is not blind.
      expect(
        holders.filter((file) => publicFiles.has(file)),
        label,
      ).not.toEqual([]);
      expect(
        holders.filter((file) => firstLoad.has(file)),
        label,
      ).toEqual([]);
    }
  });

  it('keeps the first load of / within 105 kB of gzipped JavaScript', async () => {
    const files = [...pageLoadFiles(manifest, SITE_KEY)];
    const total = await gzippedSize(files);
    expect(total, `${files.join(', ')}: ${(total / 1000).toFixed(1)} kB`).toBeLessThanOrEqual(
      FIRST_LOAD_BUDGET,
    );
  });

  it('keeps /admin-login to the form and the auth client, within 60 kB of gzipped JavaScript', async () => {
    const login = pageLoadFiles(manifest, LOGIN_KEY);
    for (const [label, pattern] of NOT_ON_LOGIN) {
      expect(
        filesWith(modules, pattern).filter((file) => login.has(file)),
        label,
      ).toEqual([]);
    }
    // It signs in with supabase's auth client: the check above sees the page's real code.
    const authClient = /[\\/]node_modules[\\/]@supabase[\\/]auth-js[\\/]/;
    expect(filesWith(modules, authClient).filter((file) => login.has(file))).not.toEqual([]);
    const total = await gzippedSize(login);
    expect(total, `${[...login].join(', ')}: ${(total / 1000).toFixed(1)} kB`).toBeLessThanOrEqual(
      LOGIN_BUDGET,
    );
  });

  it('keeps /installation out of the public chunks, to its form and the auth client, within 60 kB', async () => {
    expect(manifest['index.html']!.dynamicImports).toContain(INSTALLATION_KEY);
    expect(publicChunks(manifest).has(INSTALLATION_KEY)).toBe(false);
    const page = pageLoadFiles(manifest, INSTALLATION_KEY);
    for (const [label, pattern] of NOT_ON_INSTALLATION) {
      expect(
        filesWith(modules, pattern).filter((file) => page.has(file)),
        label,
      ).toEqual([]);
    }
    const own = /[\\/]src[\\/]admin[\\/]login[\\/]installation\.ts$/;
    expect(filesWith(modules, own).filter((file) => page.has(file))).not.toEqual([]);
    const total = await gzippedSize(page);
    expect(total, `${[...page].join(', ')}: ${(total / 1000).toFixed(1)} kB`).toBeLessThanOrEqual(
      LOGIN_BUDGET,
    );
  });

  it('loads the toolbar editor on its own, when a form with a text opens, not with the back-office', () => {
    const backOffice = pageLoadFiles(manifest, 'src/admin/index.ts');
    const editor = filesWith(modules, FORBIDDEN.find(([label]) => label === 'toolbar editor')![1]);
    expect(editor).not.toEqual([]);
    expect(editor.filter((file) => backOffice.has(file))).toEqual([]);
  });

  it('fails when an admin library sneaks into a public chunk', () => {
    const sneaky: Manifest = {
      'index.html': {
        file: 'assets/index.js',
        isEntry: true,
        imports: ['_vendor.js'],
        dynamicImports: ['src/lib/markdown.tsx', 'src/admin/index.ts'],
      },
      '_vendor.js': { file: 'assets/vendor.js' },
      'src/lib/markdown.tsx': {
        file: 'assets/markdown.js',
        isDynamicEntry: true,
        imports: ['src/admin/index.ts'],
      },
      'src/admin/index.ts': {
        file: 'assets/admin.js',
        src: 'src/admin/index.ts',
        isDynamicEntry: true,
      },
    };
    const sneakyModules: ModuleMap = {
      'assets/index.js': ['/app/src/main.tsx'],
      'assets/vendor.js': ['/app/node_modules/ajv/dist/core.js'],
      'assets/markdown.js': ['/app/src/lib/markdown.tsx'],
      'assets/admin.js': ['/app/node_modules/echarts/index.js'],
    };
    const violations = boundaryViolations(sneaky, sneakyModules);
    expect(violations.some((v) => v.includes('bundles ajv'))).toBe(true);
    // A public chunk importing the admin chunk statically drags it (and ECharts) in.
    expect(violations.some((v) => v.includes('admin chunk src/admin/index.ts'))).toBe(true);
    expect(violations.some((v) => v.includes('bundles echarts'))).toBe(true);
  });
});
