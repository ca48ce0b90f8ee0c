import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { siteScriptTags } from './site-scripts.server.ts';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function manifestFile(manifest: unknown): Promise<URL> {
  dir = await mkdtemp(path.join(tmpdir(), 'site-scripts-'));
  const file = path.join(dir, 'manifest.json');
  await writeFile(file, JSON.stringify(manifest));
  return pathToFileURL(file);
}

describe('siteScriptTags', () => {
  it("names the site's chunk as a module script and preloads what it imports, not the entry", async () => {
    const url = await manifestFile({
      'index.html': { file: 'assets/index-a.js', isEntry: true },
      'src/app/browser.tsx': {
        file: 'assets/browser-b.js',
        imports: ['index.html', '_react-c.js', '_query-d.js'],
        dynamicImports: ['src/admin/index.ts'],
      },
      '_react-c.js': { file: 'assets/react-c.js' },
      '_query-d.js': { file: 'assets/query-d.js', imports: ['_react-c.js', 'index.html'] },
      'src/admin/index.ts': { file: 'assets/admin-e.js', imports: ['_react-c.js'] },
    });
    expect(await siteScriptTags(url)).toBe(
      '<script type="module" crossorigin src="/assets/browser-b.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/react-c.js" />' +
        '<link rel="modulepreload" crossorigin href="/assets/query-d.js" />',
    );
  });

  it('adds nothing without a client build', async () => {
    expect(await siteScriptTags(new URL('file:///nonexistent/manifest.json'))).toBe('');
  });
});
