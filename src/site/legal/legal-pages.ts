import type { IdentityContent, LegalContent } from '../../content/generated/types.ts';

/** One legal page: its address, its title and the `legal` field that holds its text. */
export interface LegalPage {
  path: string;
  title: string;
  field: keyof Pick<LegalContent, 'mentions' | 'privacy'>;
}

/**
 * The legal pages, linked from every footer. Shared by the routes, the server renderer, the
 * prerendering and the sitemap: a page added here is served, rendered and listed everywhere.
 */
export const LEGAL_PAGES = [
  { path: '/mentions-legales', title: 'Mentions légales', field: 'mentions' },
  { path: '/confidentialite', title: 'Politique de confidentialité', field: 'privacy' },
] as const satisfies readonly LegalPage[];

/** The legal page at `path` (already normalized), or undefined. */
export function legalPageAt(path: string): LegalPage | undefined {
  return LEGAL_PAGES.find((page) => page.path === path);
}

/** A legal page's title: the page's, then the garage's name. */
export function legalTitle(page: LegalPage, identity: IdentityContent): string {
  return `${page.title} – ${identity.name}`;
}
