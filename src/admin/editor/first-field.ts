/** What the owner types or chooses in (not a button): where the focus goes in a form or an item. */
const FIELD = 'input:not([type="hidden"]), select, textarea, [contenteditable="true"]';

/** The first field inside `root`, if any. */
export function firstField(root: ParentNode | null | undefined): HTMLElement | null {
  return root?.querySelector<HTMLElement>(FIELD) ?? null;
}
