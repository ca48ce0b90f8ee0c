import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startPostgresTestServer } from '../helpers/postgres-db.ts';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import { FORMS } from '../../src/content/generated/forms.ts';

const PASSWORD = 'un-mot-de-passe-solide';
// Rules that hold in some cases only, each with its own sentence in the schema (the form's too).
const POPUP_SHOWN = FORMS.modal.schema.then.properties;
const ALERT_SHOWN = FORMS.alert.schema.then.properties;
const IMAGE_DESCRIBED = FORMS.sections.schema.definitions.section.then['x-message'];
const IMAGE_BLOCK = {
  id: 'section-1',
  title: 'Promo pneus',
  order: 10,
  visible: true,
  type: 'image',
  imageUrl: '/storage/v1/object/public/media/pneus.jpg',
};

// The same generated check refuses the same rows on PGlite and on a PostgreSQL server (the latter
// stands for hosted Supabase, which runs the same migrations).
describe.each([
  ['PGlite', startTestServer],
  ['PostgreSQL', startPostgresTestServer],
] as const)('site_content check on %s', (_name, start) => {
  let server: TestServer;
  let admin: SupabaseClient;

  beforeAll(async () => {
    server = await start();
    await server.createUser('owner@garage.fr', PASSWORD, true);
    admin = await server.signedInClient('owner@garage.fr', PASSWORD);
  });
  afterAll(() => server?.close());

  async function storedHero(): Promise<unknown> {
    const { data } = await admin.from('site_content').select('content').eq('type', 'hero').single();
    return data?.content;
  }

  it('refuses a hero without a heading, naming the field, and keeps the stored row', async () => {
    const before = await storedHero();
    const { heading: _dropped, ...withoutHeading } = DEFAULT_CONTENT.hero;
    const { error, status } = await admin
      .from('site_content')
      .upsert({ type: 'hero', content: withoutHeading });
    expect(status).toBe(400);
    expect(error?.code).toBe('23514');
    expect(error?.message).toBe('Contenu « hero » refusé : « Titre » est obligatoire.');
    expect(await storedHero()).toEqual(before);
  });

  it.each([
    [
      'a blank heading',
      'hero',
      { ...DEFAULT_CONTENT.hero, heading: '  ' },
      '« Titre » est obligatoire',
    ],
    [
      'a malformed email',
      'identity',
      { ...DEFAULT_CONTENT.identity, email: 'garage' },
      '« E-mail » doit être une adresse e-mail valide',
    ],
    [
      'a javascript: slideshow',
      'identity',
      { ...DEFAULT_CONTENT.identity, vehiclesSlideshowUrl: 'javascript:alert(1)' },
      '« Diaporama du partenaire véhicules » doit être une adresse web valide',
    ],
    [
      // The site's security policy only lets https:// frames in: an http:// slideshow never shows.
      'an http:// slideshow',
      'identity',
      {
        ...DEFAULT_CONTENT.identity,
        vehiclesSlideshowUrl: 'http://diaporama.partenaire-vehicules.fr/garage',
      },
      '« Diaporama du partenaire véhicules » doit commencer par https://',
    ],
    [
      'two financing options',
      'financing',
      { ...DEFAULT_CONTENT.financing, options: DEFAULT_CONTENT.financing.options.slice(0, 2) },
      'doit contenir au moins 3 éléments',
    ],
    [
      'an unknown alert type',
      'alert',
      { ...DEFAULT_CONTENT.alert, type: 'danger' },
      '« Type » doit valoir',
    ],
    [
      'an extra field',
      'about',
      { ...DEFAULT_CONTENT.about, html: '<script>' },
      'champ inconnu « html »',
    ],
    [
      'a slide without alt text',
      'services',
      { ...DEFAULT_CONTENT.services, carouselImages: [{ image: '/images/a.svg', alt: '' }] },
      '« Images du carrousel » n°1 : « Description de la photo (lue aux personnes aveugles) » est obligatoire',
    ],
    ...(
      [
        ['a rating of 0', 0, '« Note (de 1 à 5) » doit être supérieur ou égal à 1'],
        ['a rating of 9', 9, '« Note (de 1 à 5) » doit être inférieur ou égal à 5'],
        ['a rating of 4.5', 4.5, '« Note (de 1 à 5) » doit être un nombre entier'],
      ] as const
    ).map(([label, rating, message]): [string, string, unknown, string] => [
      label,
      'testimonials',
      {
        ...DEFAULT_CONTENT.testimonials,
        reviews: [{ author: 'Marie L.', quote: 'Très bon accueil.', rating }],
      },
      `« Avis » n°1 : ${message}`,
    ]),
    [
      'an active pop-up without a title',
      'modal',
      { active: true, title: ' ', message: 'Fermé en août.' },
      `Contenu « modal » refusé : ${POPUP_SHOWN.title['x-message']}`,
    ],
    [
      'an active pop-up without a message',
      'modal',
      { active: true, title: 'Congés', message: '' },
      `Contenu « modal » refusé : ${POPUP_SHOWN.message['x-message']}`,
    ],
    [
      'an active alert without a message',
      'alert',
      { ...DEFAULT_CONTENT.alert, active: true, message: ' ' },
      `Contenu « alert » refusé : ${ALERT_SHOWN.message['x-message']}`,
    ],
    [
      'an image block whose photo has no description',
      'sections',
      [...DEFAULT_CONTENT.sections, IMAGE_BLOCK],
      `Contenu « sections » refusé : ${IMAGE_DESCRIBED}`,
    ],
    [
      'an image block whose photo has a blank description',
      'sections',
      [...DEFAULT_CONTENT.sections, { ...IMAGE_BLOCK, imageAlt: '  ' }],
      `Contenu « sections » refusé : ${IMAGE_DESCRIBED}`,
    ],
    [
      'a section without title',
      'sections',
      [{ ...DEFAULT_CONTENT.sections[0]!, title: '' }],
      'Section n°1 : « Titre » est obligatoire',
    ],
  ])('refuses %s', async (_label, type, content, message) => {
    const { error, status } = await admin.from('site_content').upsert({ type, content });
    expect(status).toBe(400);
    expect(error?.message).toContain(message);
  });

  it.each([
    ['a pop-up switched off with blank texts', 'modal', { active: false, title: '', message: '' }],
    [
      'an active pop-up with its texts',
      'modal',
      { active: true, title: 'Congés', message: 'Août' },
    ],
    [
      'an alert switched off with a blank message',
      'alert',
      { ...DEFAULT_CONTENT.alert, message: '' },
    ],
    [
      'an image block with a described photo, and one without a photo',
      'sections',
      [
        ...DEFAULT_CONTENT.sections,
        { ...IMAGE_BLOCK, imageAlt: 'Pneus neufs empilés' },
        { ...IMAGE_BLOCK, id: 'section-2', order: 11, imageUrl: undefined },
      ],
    ],
  ])('accepts %s', async (_label, type, content) => {
    const { error } = await admin.from('site_content').upsert({ type, content });
    expect(error).toBeNull();
    const { data } = await admin.from('site_content').select('content').eq('type', type).single();
    expect(data?.content).toEqual(JSON.parse(JSON.stringify(content)));
  });

  it('accepts valid content', async () => {
    const content = { ...DEFAULT_CONTENT.hero, heading: 'Garage Martin' };
    const { error } = await admin.from('site_content').upsert({ type: 'hero', content });
    expect(error).toBeNull();
    expect(await storedHero()).toEqual(content);
  });
});
