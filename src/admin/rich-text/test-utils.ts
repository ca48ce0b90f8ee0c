import { act } from 'react';
import { vi } from 'vitest';
import type { Editor } from '@tiptap/core';

/**
 * For component tests (happy-dom): the toolbar editor named `label` once its chunk has loaded,
 * with the editor TipTap attaches to its editable element.
 */
export async function richText(
  container: HTMLElement,
  label: string,
): Promise<{ element: HTMLElement; editor: Editor }> {
  // Each try lets React render what has arrived (the editor's chunk loads lazily), then looks.
  return vi.waitFor(
    async () => {
      await act(async () => {});
      const element = container.querySelector<HTMLElement>(
        `[role="textbox"][aria-label="${label}"]`,
      );
      const editor = (element as (HTMLElement & { editor?: Editor }) | null)?.editor;
      if (!element || !editor) throw new Error(`No toolbar editor named "${label}"`);
      return { element, editor };
    },
    { timeout: 5_000, interval: 10 },
  );
}

/** Writes `text` at the end of the editor named `label`, as typing there would. */
export async function typeInRichText(
  container: HTMLElement,
  label: string,
  text: string,
): Promise<void> {
  const { editor } = await richText(container, label);
  await act(async () => {
    editor.chain().focus('end').insertContent(text).run();
  });
}
