// Test helpers: the widgets inside a real rjsf Form, driven the way a user drives them.
import { act, createRef } from 'react';
import { createRoot } from 'react-dom/client';
import Form from '@rjsf/core';
import { MemoryRouter } from 'react-router-dom';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { SupabaseProvider } from '../../client/client-context.tsx';
import { FIELDS, WIDGETS } from './index.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface FormSetup {
  schema: unknown;
  uiSchema: unknown;
  formData: unknown;
}

/** Renders a Form with our widgets; `data()` is the form data after the latest change. */
export async function renderForm({ schema, uiSchema, formData }: FormSetup) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const form = createRef<Form>();
  const blurs: [string, unknown][] = [];
  let data: unknown = formData;
  await act(async () => {
    // A router, as in the back-office: some widgets link to another page. No backend: the
    // photo upload of an image field stays hidden.
    root.render(
      <SupabaseProvider client={null}>
        <MemoryRouter>
          <Form
            ref={form}
            schema={schema as RJSFSchema}
            uiSchema={structuredClone(uiSchema) as UiSchema}
            formData={formData}
            validator={validator}
            widgets={WIDGETS}
            fields={FIELDS}
            showErrorList={false}
            noHtml5Validate
            onChange={(event) => (data = event.formData)}
            onBlur={(id, value) => blurs.push([id, value])}
            onError={() => undefined}
          />
        </MemoryRouter>
      </SupabaseProvider>,
    );
  });
  return {
    container,
    data: () => structuredClone(data) as Record<string, unknown>,
    blurs,
    validate: () => act(async () => void form.current?.validateForm()),
    unmount: () => act(async () => root.unmount()).then(() => container.remove()),
  };
}

/** Types into an input or textarea as React sees it (the native setter, then `input`). */
export async function type(field: Element | null | undefined, text: string) {
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) {
    throw new Error('Not a text field');
  }
  const proto = Object.getPrototypeOf(field) as object;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export async function click(element: Element | null | undefined) {
  if (!(element instanceof HTMLElement)) throw new Error('Nothing to click');
  await act(async () => element.click());
}

/** A key press; `code` is what dnd-kit's keyboard sensor reads (`Space`, `ArrowDown`). */
export async function press(target: EventTarget | null | undefined, key: string, code = key) {
  if (!target) throw new Error('Nothing to press on');
  await act(async () => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key, code, bubbles: true }));
    // dnd-kit starts listening to the arrows on the next tick.
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** The text a user reads on an element, spaces collapsed. */
export const textOf = (element: Element | null | undefined) =>
  (element?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** The buttons whose text (hidden context included) starts with `name`. */
export const buttons = (scope: ParentNode, name: string) =>
  [...scope.querySelectorAll('button')].filter((button) => textOf(button).startsWith(name));

/** The form control labelled `label` (by `<label for>` or an enclosing `<label>`). */
export function field(scope: ParentNode, label: string): HTMLElement {
  for (const element of scope.querySelectorAll('label')) {
    if (!textOf(element).startsWith(label)) continue;
    const target = element.htmlFor
      ? document.getElementById(element.htmlFor)
      : element.querySelector('input, textarea, select');
    if (target instanceof HTMLElement) return target;
  }
  throw new Error(`No field labelled ${label}`);
}

/** The fieldsets whose legend reads `legend`. */
export const groups = (scope: ParentNode, legend: string) =>
  [...scope.querySelectorAll('fieldset')].filter(
    (group) => textOf(group.querySelector(':scope > legend')) === legend,
  );
