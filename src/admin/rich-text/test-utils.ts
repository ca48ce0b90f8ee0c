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
  let found: { element: HTMLElement; editor: Editor } | undefined;
  await act(() =>
    vi.waitFor(
      () => {
        const element = container.querySelector<HTMLElement>(
          `[role="textbox"][aria-label="${label}"]`,
        );
        const editor = (element as (HTMLElement & { editor?: Editor }) | null)?.editor;
        if (!element || !editor) throw new Error(`No toolbar editor named "${label}"`);
        found = { element, editor };
      },
      { timeout: 5_000, interval: 10 },
    ),
  );
  return found!;
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
