import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import path from 'node:path';
import requestSchema from '../../schemas/forms/request.schema.json' with { type: 'json' };
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import { LEGAL_PAGES } from '../../src/site/legal/legal-pages.ts';
import { SENT_TEXT } from '../../src/site/request/request-messages.ts';
import { REQUEST_FORM_PATH } from '../../src/site/request/request-route.ts';
import { sql } from '../helpers/fixtures.ts';
import { startPostgresTestServer } from '../helpers/postgres-db.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import type { ServerConfig } from '../../server/config.ts';
import { signedStart } from '../helpers/request-start.ts';
import { buildServerBundle } from './site-build.ts';
import { openDayFromNow } from '../helpers/open-days.ts';

// The request form's page as the server renders it, and its answers to the form posted without
// JavaScript: the same page, with the values kept and the problems next to their fields, or the
// confirmation (docs/decisions/037-request-form-page.md). On embedded PGlite and on PostgreSQL.

const DIST = path.resolve('.tmp/request-form-page-dist');
const SERVICES = DEFAULT_CONTENT.services.servicesList;
const PRIVACY = LEGAL_PAGES.find((page) => page.field === 'privacy')!.path;

const backends: [string, (overrides?: Partial<ServerConfig>) => Promise<TestServer>][] = [
  ['PGlite', (overrides) => startTestServer({ distDir: DIST, ...overrides })],
  ['PostgreSQL', (overrides) => startPostgresTestServer({ distDir: DIST, ...overrides })],
];

let removeBundle: (() => Promise<void>) | undefined;
beforeAll(async () => {
  removeBundle = await buildServerBundle(DIST);
}, 180_000);
afterAll(async () => {
  await removeBundle?.();
});

/** The start of the form, signed by the database of the suite running (set by its beforeAll). */
let started = '';

/** The fields as a browser without JavaScript posts them. */
function formBody(overrides: Record<string, string | undefined> = {}): URLSearchParams {
  const fields: Record<string, string | undefined> = {
    name: 'Dominique Leroy',
    phone: '06 12 34 56 78',
    email: '',
    vehicle_make: 'Renault',
    vehicle_model: 'Clio',
    vehicle_year: '2012',
    plate: 'AB-123-CD',
    service: SERVICES[1],
    date_1: `${openDayFromNow(5)}|apres-midi`,
    date_2: '',
    date_3: '',
    message: 'Bruit « étrange » <au> freinage & ailleurs.',
    consent: 'on',
    website: '',
    started_at: started,
    ...overrides,
  };
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields))
    if (value !== undefined) body.append(key, value);
  return body;
}

/** The HTML of the element with this id (an input, select or textarea, up to its end). */
function control(page: string, id: string): string {
  const match = new RegExp(
    `<(input|select|textarea)[^>]*id="${id}"[^>]*>(?:[\\s\\S]*?</(?:select|textarea)>)?`,
  ).exec(page);
  return match?.[0] ?? '';
}

/** The text of the error tied to the input `id` by aria-describedby. */
function errorOf(page: string, id: string): string | undefined {
  const described = /aria-describedby="([^"]+)"/.exec(control(page, id))?.[1];
  if (!described) return undefined;
  for (const errorId of described.split(' ')) {
    const text = new RegExp(`id="${errorId}">([^<]*)<`).exec(page)?.[1];
    if (text) return text;
  }
  return undefined;
}

const unescape = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

describe.each(backends)('the request form page (%s)', (_name, start) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await start();
    started = await signedStart(server.db);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(async () => {
    await sql(server.db, 'delete from public.requests');
  });

  const post = (body: URLSearchParams) =>
    fetch(`${server.url}${REQUEST_FORM_PATH}`, { method: 'POST', body, redirect: 'manual' });

  it('is rendered by the server for each visitor, labelled from the schema', async () => {
    const before = Date.now();
    const response = await fetch(`${server.url}${REQUEST_FORM_PATH}`);
    expect(response.status).toBe(200);
    // It carries when it was shown (the minimum fill time): never cached.
    expect(response.headers.get('cache-control')).toBe('no-store');
    const page = await response.text();
    expect(page).toMatch(/<title>Demander un devis ou un rendez-vous – [^<]+<\/title>/);
    expect(page).toContain('<h1>Demander un devis ou un rendez-vous</h1>');
    expect(page).toMatch(/<link rel="canonical" href="[^"]*\/rendez-vous"/);
    expect(page).toMatch(/<form[^>]*action="\/rendez-vous"[^>]*method="post"/);

    for (const [key, node] of Object.entries(requestSchema.properties)) {
      if (key === 'preferred_dates' || key === 'consent') continue;
      expect(page).toMatch(new RegExp(`<label for="[^"]+">${node.title}`));
      expect(control(page, `demande-${key.replace('_', '-')}`)).toContain(`name="${key}"`);
    }
    const options = [...control(page, 'demande-service').matchAll(/<option value="([^"]*)"/g)];
    expect(options.map((m) => unescape(m[1]!))).toEqual(['', ...SERVICES, 'Autre']);
    for (let n = 1; n <= requestSchema.properties.preferred_dates.maxItems; n++) {
      expect(control(page, `demande-date-${n}`)).toMatch(
        new RegExp(`^<select[^>]*name="date_${n}"`),
      );
    }
    expect(page).toMatch(new RegExp(`<a href="${PRIVACY}">politique de confidentialité</a>`));
    expect(control(page, 'demande-consent')).toMatch(/type="checkbox"/);
    // Under the consent box: who keeps the details, why, how long, and the visitor's rights.
    const notice = unescape(page.slice(page.indexOf('request-form__notice'))).replace(
      /<!-- -->/g,
      '',
    );
    expect(notice).toContain(
      `Vos informations sont enregistrées par ${DEFAULT_CONTENT.identity.name} pour répondre à votre demande`,
    );
    expect(notice).toContain("effacées 24 mois après l'envoi");
    expect(notice).toContain('saisir la CNIL');

    // The hidden field for robots: out of sight, out of the tab order, away from assistive tech.
    expect(page).toMatch(/<div class="request-form__trap" aria-hidden="true">/);
    expect(control(page, 'demande-website')).toMatch(/tabindex="-1"/);
    expect(control(page, 'demande-website')).toMatch(/autocomplete="off"/i);
    // When it was shown, signed by the database: no client can make it older.
    const shown = /name="started_at" value="(\d+)\.[0-9a-f]{64}"/.exec(page)?.[1];
    expect(Number(shown)).toBeGreaterThanOrEqual(before);
  });

  it('offers the half-days open and not full of the next 30 days, and refuses a full one', async () => {
    const [{ today, last } = { today: '', last: '' }] = await sql<{ today: string; last: string }>(
      server.db,
      `select to_char((now() at time zone 'Europe/Paris')::date, 'YYYY-MM-DD') as today,
              to_char((now() at time zone 'Europe/Paris')::date + 30, 'YYYY-MM-DD') as last`,
    );
    const offered = async () => {
      const page = await (await fetch(`${server.url}${REQUEST_FORM_PATH}`)).text();
      const list = control(page, 'demande-date-1');
      return [...list.matchAll(/<option value="([^"]+)"/g)].map((m) => m[1]!);
    };
    const full = openDayFromNow(5);
    const before = await offered();
    expect(before).toContain(`${full}|matin`);
    expect(before[0]! >= today).toBe(true);
    expect(before.at(-1)! <= `${last}|z`).toBe(true);
    // No Sunday with the default hours and capacity.
    expect(before.filter((v) => new Date(`${v.slice(0, 10)}T12:00:00Z`).getUTCDay() === 0)).toEqual(
      [],
    );

    // Three vehicles confirmed that morning: it is full, the afternoon is still offered.
    await sql(
      server.db,
      `insert into public.requests (name, phone, vehicle_make, vehicle_model, vehicle_year, service,
         consent, status, appointment_date, appointment_moment)
       select 'Client ' || n, '06 00 00 00 0' || n, 'Renault', 'Clio', 2015, 'Vidange', true,
              'rdv_confirme', $1::date, 'matin' from generate_series(1, 3) n`,
      [full],
    );
    const after = await offered();
    expect(after).not.toContain(`${full}|matin`);
    expect(after).toContain(`${full}|apres-midi`);

    // Posted anyway (a page shown before): refused next to the choice, which is kept.
    const response = await post(formBody({ date_1: `${full}|matin` }));
    expect(response.status).toBe(400);
    const page = await response.text();
    const day = new Intl.DateTimeFormat('fr-FR', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${full}T12:00:00Z`));
    expect(unescape(errorOf(page, 'demande-date-1')!)).toBe(
      `« Dates souhaitées » : Le ${day} matin est complet : choisissez une autre demi-journée.`,
    );
    expect(control(page, 'demande-date-1')).toContain(`<option value="${full}|matin" selected=""`);
    expect(
      await sql(server.db, "select id from public.requests where status = 'nouvelle'"),
    ).toEqual([]);
  });

  it('stores a posted request and answers with the confirmation page', async () => {
    const response = await post(formBody());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await response.text();
    expect(page).toMatch(/<title>Demande envoyée – /);
    expect(page).toContain(SENT_TEXT);
    expect(page).not.toContain('<form');
    expect(
      await sql(server.db, 'select name, plate, service, vehicle_year from public.requests'),
    ).toEqual([
      { name: 'Dominique Leroy', plate: 'AB-123-CD', service: SERVICES[1], vehicle_year: 2012 },
    ]);
  });

  it('answers problems with the same page: every value kept, each problem by its field', async () => {
    const response = await post(
      formBody({
        name: ' ',
        email: 'dominique@exemple',
        vehicle_year: 'vieille',
        consent: undefined,
      }),
    );
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toMatch(/<title>Erreur : Demander un devis ou un rendez-vous/);
    expect(errorOf(page, 'demande-name')).toBe('« Nom » est obligatoire.');
    expect(unescape(errorOf(page, 'demande-email')!)).toBe(
      '« E-mail » doit être une adresse e-mail valide.',
    );
    expect(errorOf(page, 'demande-vehicle-year')).toBe(
      '« Année du véhicule » doit être un nombre entier.',
    );
    expect(unescape(errorOf(page, 'demande-consent')!)).toBe(
      requestSchema.properties.consent['x-message'],
    );
    expect(control(page, 'demande-email')).toMatch(/aria-invalid="true"/);
    expect(control(page, 'demande-plate')).not.toMatch(/aria-invalid/);
    // The summary at the top counts them and links to each field.
    expect(page).toMatch(/role="alert" tabindex="-1"/);
    expect(page).toContain('4 points sont à corriger');
    expect(page).toContain('<a href="#demande-vehicle-year">');

    // What was typed is there to correct, escaped.
    expect(control(page, 'demande-email')).toContain('value="dominique@exemple"');
    expect(control(page, 'demande-vehicle-year')).toContain('value="vieille"');
    expect(control(page, 'demande-plate')).toContain('value="AB-123-CD"');
    expect(control(page, 'demande-date-1')).toContain(
      `<option value="${openDayFromNow(5)}|apres-midi" selected=""`,
    );
    expect(unescape(control(page, 'demande-service'))).toContain(
      `<option value="${SERVICES[1]}" selected=""`,
    );
    expect(unescape(control(page, 'demande-message'))).toContain(
      '>Bruit « étrange » <au> freinage & ailleurs.</textarea>',
    );
    expect(control(page, 'demande-consent')).not.toContain('checked');
    expect(await sql(server.db, 'select id from public.requests')).toEqual([]);
  });

  it('places what only the database checks next to its field', async () => {
    const response = await post(formBody({ date_1: '2001-01-01' }));
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(unescape(errorOf(page, 'demande-date-1')!)).toBe(
      "« Dates souhaitées » : choisissez des jours à venir, dans l'année.",
    );
    expect(control(page, 'demande-name')).toContain('value="Dominique Leroy"');
  });

  it('places the refusal of a day the garage is closed next to that day, keeping the rest', async () => {
    // With the default hours the garage is closed on Sundays.
    let sunday = openDayFromNow(5);
    while (new Date(`${sunday}T12:00:00Z`).getUTCDay() !== 0)
      sunday = new Date(Date.parse(`${sunday}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const response = await post(formBody({ date_2: `${sunday}|matin` }));
    expect(response.status).toBe(400);
    const page = await response.text();
    const day = new Intl.DateTimeFormat('fr-FR', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${sunday}T12:00:00Z`));
    expect(unescape(errorOf(page, 'demande-date-2')!)).toBe(
      `« Dates souhaitées » : Le garage est fermé le ${day} : choisissez un autre jour.`,
    );
    expect(errorOf(page, 'demande-date-1')).toBeUndefined();
    expect(control(page, 'demande-date-1')).toContain(
      `<option value="${openDayFromNow(5)}|apres-midi" selected=""`,
    );
    expect(control(page, 'demande-date-2')).toContain(
      `<option value="${sunday}|matin" selected=""`,
    );
    expect(control(page, 'demande-name')).toContain('value="Dominique Leroy"');
    expect(await sql(server.db, 'select id from public.requests')).toEqual([]);
  });

  it('says so for a form sent faster than a person can fill it, and what to do', async () => {
    const now = await signedStart(server.db, 0);
    const response = await post(formBody({ started_at: now }));
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain(
      'Le formulaire a été envoyé trop vite. Attendez quelques secondes, puis envoyez-le à nouveau.',
    );
    // Not a field to correct: the summary says the request was not sent, and why.
    expect(page).toContain('Votre demande n’a pas été envoyée.</h2>');
    expect(page).not.toContain('point est à corriger');
    expect(control(page, 'demande-name')).toContain('value="Dominique Leroy"');
    // The same start goes back: sent again a few seconds later, the form is accepted.
    expect(page).toContain(`name="started_at" value="${now}"`);
  });

  it('shows a form whose start was not signed by the database again with a new start', async () => {
    const forged = `${Date.now() - 60_000}.${'0'.repeat(64)}`;
    const response = await post(formBody({ started_at: forged }));
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain('Le formulaire a expiré. Attendez quelques secondes');
    const renewed = /name="started_at" value="([^"]+)"/.exec(page)?.[1];
    expect(renewed).toMatch(/^\d+\.[0-9a-f]{64}$/);
    expect(renewed).not.toBe(forged);
    expect(await sql(server.db, 'select id from public.requests')).toEqual([]);
  });

  it('answers a robot filling the hidden field with the confirmation, and keeps nothing', async () => {
    const response = await post(formBody({ website: 'https://spam.example' }));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(SENT_TEXT);
    expect(await sql(server.db, 'select id from public.requests')).toEqual([]);
  });
});

describe('the request form page past the limit per address', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ distDir: DIST, requestRateLimit: 1 });
    started = await signedStart(server.db);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('answers in French with the form and its values, and when to try again', async () => {
    const post = () =>
      fetch(`${server.url}${REQUEST_FORM_PATH}`, { method: 'POST', body: formBody() });
    expect((await post()).status).toBe(200);
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    const page = await refused.text();
    expect(page).toMatch(/Vous avez déjà envoyé plusieurs demandes depuis cette connexion/);
    // No field to correct: the summary's title says the request was not sent, not « un point ».
    expect(page).toContain('Votre demande n’a pas été envoyée.</h2>');
    expect(page).not.toContain('point est à corriger');
    expect(control(page, 'demande-name')).toContain('value="Dominique Leroy"');
  });
});
