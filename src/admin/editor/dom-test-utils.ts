import type { ReactNode } from 'react';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { SupabaseClient } from '@supabase/supabase-js';
import { vi } from 'vitest';
import { SupabaseProvider } from '../client/client-context.tsx';

// React warns unless told that updates in tests are wrapped in act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let mounted: { root: Root; container: HTMLElement } | undefined;

/**
 * Renders into a fresh container of document.body (happy-dom); unmount() cleans up. The node gets
 * `client` as the back-office's client (the test server's), or none: a site without a backend.
 */
export async function render(
  node: ReactNode,
  client: SupabaseClient | null = null,
): Promise<HTMLElement> {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => root.render(createElement(SupabaseProvider, { client, children: node })));
  mounted = { root, container };
  return container;
}

export async function unmount(): Promise<void> {
  if (!mounted) return;
  const { root, container } = mounted;
  await act(async () => root.unmount());
  container.remove();
  mounted = undefined;
}

/** The form control labelled `label` (by its <label for>), as the owner finds it. */
export function field(container: HTMLElement, label: string): HTMLInputElement {
  const labels = [...container.querySelectorAll('label')];
  const match = labels.find((l) => l.textContent?.replace(/\s*\*$/, '').trim() === label);
  const control = match?.htmlFor ? container.ownerDocument.getElementById(match.htmlFor) : null;
  if (!control) throw new Error(`No field labelled "${label}"`);
  return control as HTMLInputElement;
}

/** Types a new value as a user would: focus, value, input event (React's onChange), blur. */
export async function typeInto(control: HTMLInputElement, value: string): Promise<void> {
  await typeWithoutLeaving(control, value);
  await act(async () => control.blur());
}

/** Types a new value and stays in the field. */
export async function typeWithoutLeaving(control: HTMLInputElement, value: string): Promise<void> {
  await act(async () => {
    control.focus();
    const proto = Object.getPrototypeOf(control) as object;
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(control, value);
    control.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export async function click(element: Element): Promise<void> {
  await act(async () => (element as HTMLElement).click());
}

/** The text of what a control's aria-describedby points at (its help and errors). */
export function description(control: HTMLElement): string {
  const ids = control.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
  return ids
    .map((id) => control.ownerDocument.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

/**
 * Waits until `check` passes (a positive marker on screen) while answers of a real server arrive.
 * React renders them as they come, as in a browser: like Testing Library's waitFor, the wait
 * leaves act's environment so that those renders are not reported as updates outside act().
 */
export async function until(check: () => void, timeout = 10_000): Promise<void> {
  const environment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  environment.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    await vi.waitFor(check, { timeout, interval: 20 });
  } finally {
    environment.IS_REACT_ACT_ENVIRONMENT = true;
  }
  // What the last render scheduled (effects) settles before the test goes on.
  await act(async () => {});
}
