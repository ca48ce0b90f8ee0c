// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { afterEach, describe, expect, it } from 'vitest';
import { EDITOR_TEMPLATES, EDITOR_WIDGETS, translateFrench } from './index.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const SCHEMA: RJSFSchema = {
  type: 'object',
  properties: {
    links: { type: 'array', title: 'Liens', maxItems: 2, items: { type: 'string', title: 'Lien' } },
  },
};

let root: Root;
let container: HTMLElement;

async function render(links: string[]) {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () =>
    root.render(
      <Form
        schema={SCHEMA}
        formData={{ links }}
        validator={validator}
        templates={EDITOR_TEMPLATES}
        widgets={EDITOR_WIDGETS}
        translateString={translateFrench}
      />,
    ),
  );
}

const buttons = (name: string) =>
  [...container.querySelectorAll('button')].filter((b) => b.textContent === name);
const inputs = () => [...container.querySelectorAll<HTMLInputElement>('input[type="text"]')];

/** Presses a button as a keyboard does (focused, then clicked), and lets the next frame run. */
async function press(button: HTMLButtonElement) {
  button.focus();
  await act(async () => button.click());
  await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
}

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

describe('the focus in a list of the editors', () => {
  it('goes to the new item when one is added', async () => {
    await render(['https://exemple.fr']);
    await press(buttons('Ajouter un élément')[0]!);
    expect(inputs()).toHaveLength(2);
    expect(document.activeElement).toBe(inputs()[1]);
  });

  it('goes to « Ajouter un élément » when an item is removed with its own button', async () => {
    await render(['https://exemple.fr', 'https://exemple.com']);
    // Full: no add button until one goes.
    expect(buttons('Ajouter un élément')).toHaveLength(0);
    await press(buttons('Supprimer')[1]!);
    expect(inputs()).toHaveLength(1);
    expect(document.activeElement).toBe(buttons('Ajouter un élément')[0]);
  });
});
