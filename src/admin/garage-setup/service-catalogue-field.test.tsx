// @vitest-environment happy-dom
import { act, useState } from 'react';
import type { FieldProps } from '@rjsf/utils';
import { afterEach, describe, expect, it } from 'vitest';
import { render, unmount } from '../editor/dom-test-utils.ts';
import { ServiceCatalogueField } from './service-catalogue-field.tsx';
import { SERVICE_CATALOGUE, writeLine } from './service-catalogue.ts';

// Unticking a line of the owner's own takes its box away: the focus goes where the owner goes
// next (docs/decisions/092-focus-follows-actions.md).

const [picked] = SERVICE_CATALOGUE;

function Services({ own }: { own: string[] }) {
  const [lines, setLines] = useState([writeLine(picked!.name, picked!.description), ...own]);
  const props = {
    formData: lines,
    errorSchema: {},
    onChange: (next: string[]) => setLines(next),
    fieldPathId: { $id: 'root_services', path: ['services'] },
    schema: { type: 'array', title: 'Services' },
    uiSchema: {},
    registry: { globalUiOptions: {} },
  } as unknown as FieldProps;
  return <ServiceCatalogueField {...props} />;
}

let container: HTMLElement;
const focusedLabel = () =>
  container.querySelector(`label[for="${document.activeElement?.id}"]`)?.textContent;

/** Unticks the box labelled `text` as a keyboard does, and lets the next frame run. */
async function untick(text: string) {
  const label = [...container.querySelectorAll('label')].find((l) => l.textContent === text)!;
  const box = document.getElementById(label.htmlFor) as HTMLInputElement;
  box.focus();
  await act(async () => box.click());
  await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
}

afterEach(unmount);

describe('unticking a service of the owner’s own', () => {
  it('puts the focus on the box now in its place', async () => {
    container = await render(<Services own={['Réglage des phares', 'Lavage']} />);
    await untick('Réglage des phares');
    expect(container.textContent).not.toContain('Réglage des phares');
    expect(focusedLabel()).toBe('Lavage');
  });

  it('puts the focus on the last box when the last of the own goes', async () => {
    container = await render(<Services own={['Lavage']} />);
    await untick('Lavage');
    expect(container.textContent).not.toContain('Lavage');
    expect(focusedLabel()).toBe(SERVICE_CATALOGUE.at(-1)!.name);
  });
});
