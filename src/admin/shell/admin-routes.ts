import {
  EDITABLE_SECTION_TYPES,
  sectionEditor,
  type EditableSectionType,
} from '../../content/section-types.ts';
import { ADMIN_PAGES, type AdminNavItem } from './nav-items.ts';

/** One route of the back-office, by its path under /admin ('' is /admin itself). */
export type AdminRoute =
  | { kind: 'section-editor'; path: string; type: EditableSectionType }
  | { kind: 'panel'; path: string; page: AdminNavItem }
  | { kind: 'request'; path: 'demandes/:id' }
  | { kind: 'not-found'; path: '*' };

const EDITORS: AdminRoute[] = EDITABLE_SECTION_TYPES.map((type) => ({
  kind: 'section-editor',
  path: sectionEditor(type).path,
  type,
}));

const EDITOR_PATHS = new Set(EDITORS.map((route) => route.path));

/**
 * Every route under /admin/*, in the order AdminArea declares them: one editor per home section
 * type with content of its own (from its schema), the other pages of the navigation, a request's
 * detail, and the not-found page. Tests that visit "every admin page" read this list.
 */
export const ADMIN_ROUTES: readonly AdminRoute[] = [
  ...EDITORS,
  ...ADMIN_PAGES.filter((page) => !EDITOR_PATHS.has(page.path)).map((page): AdminRoute => ({
    kind: 'panel',
    path: page.path,
    page,
  })),
  { kind: 'request', path: 'demandes/:id' },
  { kind: 'not-found', path: '*' },
];

/**
 * The editor of a content type: its section editor, or the panel named after the type
 * (identity, legal…); undefined when the type has no editor of its own.
 */
export function contentEditor(type: string): { path: string; title: string } | undefined {
  for (const route of ADMIN_ROUTES) {
    if (route.kind === 'section-editor' && route.type === type) return sectionEditor(route.type);
    if (route.kind === 'panel' && route.path === type) {
      return { path: route.path, title: route.page.title };
    }
  }
  return undefined;
}
