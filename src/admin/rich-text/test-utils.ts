import { act } from 'react';
import type { Editor } from '@tiptap/core';

/**
 * For component tests (happy-dom): the toolbar editor named `label` once its chunk has loaded,
 * with the editor TipTap attaches to its editable element.
 */
export async function richText(
  container: HTMLElement,
  label: string,
): Promise<{ element: HTMLElement; editor: Editor }> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const element = container.querySelector<HTMLElement>(`[role="textbox"][aria-label="${label}"]`);
    const editor = (element as (HTMLElement & { editor?: Editor }) | null)?.editor;
    if (element && editor) return { element, editor };
    await act(async () => new Promise<void>((resolve) => setTimeout(resolve, 10)));
  }
  throw new Error(`No toolbar editor named "${label}"`);
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
