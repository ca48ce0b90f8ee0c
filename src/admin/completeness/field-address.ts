import { FIELD_PARAM } from '../../content/checklist.ts';
import { contentEditor } from '../shell/admin-routes.ts';

/**
 * The address of the editor of `type` with the field at `path` focused (`?champ=host.name`), or
 * undefined when the type has no editor. The back-office's « À compléter » and
 * `npm run check-site` print it.
 */
export function fieldHref(type: string, path: readonly string[]): string | undefined {
  const editor = contentEditor(type);
  if (!editor) return undefined;
  const query = new URLSearchParams({ [FIELD_PARAM]: path.join('.') });
  return `/admin/${editor.path}?${query.toString()}`;
}

/** rjsf's id of a field: `root`, then each property name, joined with `_` (`root_host_name`). */
export function fieldElementId(path: readonly string[]): string {
  return ['root', ...path].join('_');
}
