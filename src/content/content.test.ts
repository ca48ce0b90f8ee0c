import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { FORMS } from './generated/forms.ts';
import { DEFAULT_CONTENT, CONTENT_TYPES } from './generated/defaults.ts';
import { parseContent, parseSiteContent, validatorFor } from './content.ts';
import { describeErrors } from './errors.ts';

type Schema = {
  required?: string[];
  properties?: Record<string, { type?: unknown; title?: string; enum?: unknown[] }>;
};

function problemsOf(name: string, data: unknown) {
  const validate = validatorFor(name);
  expect(validate(data)).toBe(false);
  return describeErrors(validate.errors ?? [], FORMS[name as keyof typeof FORMS].schema);
}

describe('generated validators', () => {
  it.each(CONTENT_TYPES)('accepts the default content of %s', (type) => {
    expect(validatorFor(type)(DEFAULT_CONTENT[type])).toBe(true);
  });

  const requiredStrings = CONTENT_TYPES.flatMap((type) => {
    const schema = FORMS[type].schema as Schema;
    return (schema.required ?? [])
      .filter((key) => schema.properties?.[key]?.type === 'string')
      .map((key) => [type, key, schema.properties![key]!.title!] as const);
  });

  it('covers the required text fields of every section', () => {
    expect(requiredStrings.length).toBeGreaterThanOrEqual(30);
  });

  it.each(requiredStrings)(
    '%s: a missing %s gives a French message naming « %s »',
    (type, key, title) => {
      const content = { ...(DEFAULT_CONTENT[type] as unknown as Record<string, unknown>) };
      delete content[key];
      const problems = problemsOf(type, content);
      expect(problems).toContainEqual({
        pointer: `/${key}`,
        field: title,
        message: 'Ce champ est obligatoire.',
      });
    },
  );

  // A choice from a list (an enum) is not typed, so it cannot be left blank; nor are the theme's
  // colour pickers.
  const isChoice = (type: (typeof CONTENT_TYPES)[number], key: string) =>
    (FORMS[type].schema as Schema).properties?.[key]?.enum !== undefined;

  it.each(
    requiredStrings.filter(
      ([type, key]) => !['alert', 'modal', 'theme'].includes(type) && !isChoice(type, key),
    ),
  )('%s: an empty or blank %s gives a French message', (type, key) => {
    const base = DEFAULT_CONTENT[type] as unknown as Record<string, unknown>;
    expect(problemsOf(type, { ...base, [key]: '' })[0]?.message).toBe('Ce champ est obligatoire.');
    // Spaces alone: "obligatoire", or for an address or a number with a set shape (SIRET,
    // postal code: their help text gives it) that the format is wrong.
    expect(problemsOf(type, { ...base, [key]: '   ' })[0]?.message).toMatch(
      /^(Ce champ est obligatoire\.|Saisissez une adresse|L’adresse doit commencer par|Ce texte n’a pas le format attendu\.)/,
    );
  });

  it('checks emails and web addresses', () => {
    const contact = {
      ...DEFAULT_CONTENT.contact,
      email: 'garage-at-exemple.fr',
      mapUrl: 'javascript:alert(1)',
    };
    expect(problemsOf('contact', contact)).toEqual([
      {
        pointer: '/email',
        field: 'E-mail',
        message: expect.stringContaining('adresse e-mail valide'),
      },
      {
        pointer: '/mapUrl',
        field: 'Adresse de la carte',
        message: expect.stringContaining('https://'),
      },
    ]);
    const vehicles = { ...DEFAULT_CONTENT.vehicles, iframeUrl: 'diaporama' };
    expect(problemsOf('vehicles', vehicles)[0]?.pointer).toBe('/iframeUrl');
    // The site's security policy blocks http:// frames: such a slideshow would never show.
    const plainHttp = { ...DEFAULT_CONTENT.vehicles, iframeUrl: 'http://diaporama.exemple.fr/' };
    expect(problemsOf('vehicles', plainHttp)).toEqual([
      {
        pointer: '/iframeUrl',
        field: 'Adresse du diaporama',
        message: expect.stringMatching(/^L’adresse doit commencer par https:\/\//),
      },
    ]);
    const post = { title: 'T', excerpt: 'E', content: 'C', image_url: 'javascript:alert(1)' };
    expect(problemsOf('blog-post', post)).toEqual([
      {
        pointer: '/image_url',
        field: 'Image de couverture',
        message: expect.stringContaining('https://'),
      },
    ]);
  });

  it('names the field inside a list', () => {
    const financing = structuredClone(DEFAULT_CONTENT.financing);
    financing.options[1]!.title = '';
    expect(problemsOf('financing', financing)).toEqual([
      {
        pointer: '/options/1/title',
        field: "Titre de l'option",
        message: 'Ce champ est obligatoire.',
      },
    ]);
    expect(
      problemsOf('financing', { ...financing, options: financing.options.slice(0, 2) })[0]?.message,
    ).toBe('Cette liste doit contenir au moins 3 éléments.');
  });
});

describe('reading content', () => {
  it('keeps valid content and falls back to the defaults for missing or invalid content', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const hero = { ...DEFAULT_CONTENT.hero, heading: 'Garage Martin' };
    const content = parseSiteContent([
      { type: 'hero', content: hero },
      { type: 'about', content: { title: '' } },
      { type: 'not-a-type', content: {} },
    ]);
    expect(content.hero.heading).toBe('Garage Martin');
    expect(content.about).toEqual(DEFAULT_CONTENT.about);
    expect(content.pricing).toEqual(DEFAULT_CONTENT.pricing);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(parseContent('alert', 'texte')).toEqual(DEFAULT_CONTENT.alert);
    warn.mockRestore();
  });
});

/** Every `{ image, alt }` pair in a value, however deep: the slides of any carousel. */
function pictures(value: unknown): { image: string; alt: string }[] {
  if (Array.isArray(value)) return value.flatMap(pictures);
  if (typeof value !== 'object' || value === null) return [];
  const { image, alt } = value as Record<string, unknown>;
  const own = typeof image === 'string' && typeof alt === 'string' ? [{ image, alt }] : [];
  return [...own, ...Object.values(value).flatMap(pictures)];
}

describe('default pictures', () => {
  const slides = CONTENT_TYPES.flatMap((type) => pictures(DEFAULT_CONTENT[type]));

  it('are there to check', () => {
    expect(slides.length).toBeGreaterThan(0);
  });

  // A picture of the site says what it shows in its <desc>; a visitor who cannot see it reads
  // the same from the default alternative text.
  it.each(slides.map((slide) => [slide.image, slide] as const))(
    '%s has an alternative text describing what it shows',
    (_image, { image, alt }) => {
      const svg = readFileSync(new URL(`../../public${image}`, import.meta.url), 'utf8');
      const desc = /<desc>([^<]*)<\/desc>/.exec(svg)?.[1];
      expect(desc, `${image} describes itself in <desc>`).toBeDefined();
      expect(alt).toBe(desc!.replace(/&amp;/g, '&'));
    },
  );
});
