/** What the owner types or chooses in (not a button): where the focus goes in a form or an item. */
const FIELD = 'input:not([type="hidden"]), select, textarea, [contenteditable="true"]';

/** The first field inside `root`, if any. */
export function firstField(root: ParentNode | null | undefined): HTMLElement | null {
  return root?.querySelector<HTMLElement>(FIELD) ?? null;
}

/**
 * Once React has drawn the change (the next frame), puts the focus in the first field of the form
 * inside `root`: where the owner goes back to when a box above or below the form closed with the
 * focus on its button.
 */
export function focusFormSoon(root: ParentNode | null | undefined): void {
  requestAnimationFrame(() => firstField(root?.querySelector('form'))?.focus());
}
