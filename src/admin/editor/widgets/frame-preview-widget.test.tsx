// @vitest-environment happy-dom
import nodeConsole from 'node:console';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FORMS } from '../../../content/generated/forms.ts';
import { field, renderForm, textOf, type } from './test-form.tsx';

// The partner's slideshow address, as « Identité du garage » edits it.
const FIELD = 'vehiclesSlideshowUrl';
const identity = FORMS.identity;
const schema = {
  type: 'object',
  properties: { [FIELD]: identity.schema.properties[FIELD] },
  default: { [FIELD]: identity.schema.default[FIELD] },
};
const uiSchema = { [FIELD]: identity.uiSchema[FIELD] };
const start = () => ({ [FIELD]: identity.schema.default[FIELD] });
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
const address = () => field(view.container, identity.schema.properties[FIELD].title);

describe('framePreview', () => {
  it('shows the address live in a labelled, sandboxed 16:9 frame', async () => {
    view = await renderForm({ schema, uiSchema, formData: start() });
    expect((address() as HTMLInputElement).value).toBe(start()[FIELD]);
    expect(frame()?.getAttribute('src')).toBe(start()[FIELD]);
    expect(frame()?.getAttribute('title')).toBe('Aperçu du diaporama des véhicules');
    expect(frame()?.getAttribute('loading')).toBe('lazy');
    expect(frame()?.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-popups');
    expect(frame()?.parentElement?.classList.contains('frame-preview__frame')).toBe(true);
    expect(hint()).toBeNull();
  });

  it('shows a French hint instead while the address is not a web address', async () => {
    view = await renderForm({ schema, uiSchema, formData: start() });
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
    view = await renderForm({ schema, uiSchema, formData: start() });
    await type(address(), 'https://autre-partenaire.fr/slides?garage=12');
    expect(view.data()[FIELD]).toBe('https://autre-partenaire.fr/slides?garage=12');
    expect(frame()?.getAttribute('src')).toBe('https://autre-partenaire.fr/slides?garage=12');
  });

  it('shows a long address on several lines, and keeps it on one', async () => {
    view = await renderForm({ schema, uiSchema, formData: start() });
    expect(address().tagName).toBe('TEXTAREA');
    await type(address(), 'https://autre-partenaire.fr/\nslides?garage=12\r\n');
    expect(view.data()[FIELD]).toBe('https://autre-partenaire.fr/slides?garage=12');
  });

  it('shows an address edited elsewhere read-only, with a link to where it is edited', async () => {
    const vehicles = FORMS.vehicles;
    view = await renderForm({
      schema: vehicles.schema,
      uiSchema: vehicles.uiSchema,
      formData: structuredClone(vehicles.schema.default),
    });
    const shown = field(view.container, vehicles.schema.properties.iframeUrl.title);
    expect(shown.hasAttribute('readonly')).toBe(true);
    const link = view.container.querySelector<HTMLAnchorElement>('.frame-preview a');
    expect(textOf(link)).toBe('Modifier dans Identité du garage');
    expect(link?.getAttribute('href')).toBe('/admin/identity');
  });
});
