import { readFile } from 'node:fs/promises';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** The chunk the page's entry loads on every public page (src/main.tsx). */
const SITE_CHUNK = 'src/app/browser.tsx';

/**
 * `<link rel="modulepreload">` tags for the site's chunk and the chunks it imports, read from the
 * client build's manifest. The page's entry picks the site's chunk only once it runs (the login
 * page loads another one); these tags let the browser fetch it together with the entry rather
 * than after it. Empty without a client build (a server bundle built alone, in tests).
 */
export async function sitePreloadTags(manifestUrl: URL): Promise<string> {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(await readFile(manifestUrl, 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return '';
  }
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  visit(SITE_CHUNK);
  return [...files]
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`)
    .join('');
}
