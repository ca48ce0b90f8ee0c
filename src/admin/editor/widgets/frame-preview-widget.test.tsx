// @vitest-environment happy-dom
import nodeConsole from 'node:console';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FORMS } from '../../../content/generated/forms.ts';
import { field, renderForm, textOf, type } from './test-form.tsx';

const { schema, uiSchema } = FORMS.vehicles;
let view: Awaited<ReturnType<typeof renderForm>>;
afterEach(() => view.unmount());

// happy-dom loads no frame and reports each one on Node's own console; nothing to see here.
beforeAll(() => {
  const report = nodeConsole.error.bind(nodeConsole);
  vi.spyOn(nodeConsole, 'error').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes('Iframe page loading is disabled')) report(...args);
  });
});

const frame = () => view.container.querySelector('iframe');
const hint = () => view.container.querySelector('.frame-preview__hint');
const address = () => field(view.container, 'Adresse du diaporama');

describe('framePreview', () => {
  it('shows the address live in a labelled, sandboxed 16:9 frame', async () => {
    view = await renderForm({ schema, uiSchema, formData: structuredClone(schema.default) });
    expect((address() as HTMLInputElement).value).toBe(schema.default.iframeUrl);
    expect(frame()?.getAttribute('src')).toBe(schema.default.iframeUrl);
    expect(frame()?.getAttribute('title')).toBe('Aperçu du diaporama');
    expect(frame()?.getAttribute('loading')).toBe('lazy');
    expect(frame()?.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-popups');
    expect(frame()?.parentElement?.classList.contains('frame-preview__frame')).toBe(true);
    expect(hint()).toBeNull();
  });

  it('shows a French hint instead while the address is not a web address', async () => {
    view = await renderForm({ schema, uiSchema, formData: structuredClone(schema.default) });
    // http:// too: the site's security policy would leave such a frame blank.
    for (const text of [
      'diaporama.partenaire',
      'javascript:alert(1)',
      'http://diaporama.fr/',
      '',
    ]) {
      await type(address(), text);
      expect(frame()).toBeNull();
      expect(textOf(hint())).toContain('commencera par https://');
      expect(address().getAttribute('aria-describedby')).toContain(hint()?.id);
    }
  });

  it('follows the address when it becomes valid again', async () => {
    view = await renderForm({ schema, uiSchema, formData: structuredClone(schema.default) });
    await type(address(), 'https://autre-partenaire.fr/slides?garage=12');
    expect(view.data().iframeUrl).toBe('https://autre-partenaire.fr/slides?garage=12');
    expect(frame()?.getAttribute('src')).toBe('https://autre-partenaire.fr/slides?garage=12');
  });

  it('shows a long address on several lines, and keeps it on one', async () => {
    view = await renderForm({ schema, uiSchema, formData: structuredClone(schema.default) });
    expect(address().tagName).toBe('TEXTAREA');
    await type(address(), 'https://autre-partenaire.fr/\nslides?garage=12\r\n');
    expect(view.data().iframeUrl).toBe('https://autre-partenaire.fr/slides?garage=12');
  });
});
