import { readFile } from 'node:fs/promises';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** The chunk the page's entry loads on every public page (src/main.tsx). */
const SITE_CHUNK = 'src/app/browser.tsx';

/**
 * The site's chunk as a module script of the page, and `<link rel="modulepreload">` tags for the
 * chunks it imports, read from the client build's manifest. The page's entry picks the site's
 * chunk only once it runs (the login page loads another one); named in the page, the chunk is
 * fetched with the entry and evaluated as the page loads, as if the entry imported it, instead of
 * after it. The entry's import then finds it already there. Empty without a client build (a
 * server bundle built alone, in tests).
 */
export async function siteScriptTags(manifestUrl: URL): Promise<string> {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(await readFile(manifestUrl, 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return '';
  }
  const site = manifest[SITE_CHUNK];
  if (!site) return '';
  const imports = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || imports.has(chunk.file)) return;
    imports.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  site.imports?.forEach(visit);
  return (
    `<script type="module" crossorigin src="/${site.file}"></script>` +
    [...imports].map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`).join('')
  );
}
