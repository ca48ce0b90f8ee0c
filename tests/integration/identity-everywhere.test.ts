import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../server/config.ts';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import { contactFromIdentity } from '../../src/content/garage-address.ts';
import type { IdentityContent } from '../../src/content/generated/types.ts';
import { clientsFor } from '../helpers/fixtures.ts';
import { startPostgresTestServer } from '../helpers/postgres-db.ts';
import { signedStart, visitorRequest } from '../helpers/request-start.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';
import { buildServerBundle } from './site-build.ts';

// One identity (docs/decisions/057-one-garage-identity.md): a change of the garage's identity
// reaches every place that shows it. The places are not listed here: they are every public page
// the sitemap declares (its body, its JSON-LD, its other head tags) and every request mail the
// queue sends; the test records which of them show the old details, changes the identity, and
// checks each now shows the new ones and none the old. On embedded PGlite and on PostgreSQL.

const backends: [string, (overrides?: Partial<ServerConfig>) => Promise<TestServer>][] = [
  ['PGlite', (overrides) => startTestServer(overrides)],
  ['PostgreSQL', (overrides) => startPostgresTestServer(overrides)],
];

const DIST = path.resolve(`.tmp/identity-test-${process.pid}`);

const OLD: IdentityContent = {
  ...DEFAULT_CONTENT.identity,
  name: 'Garage Ancien',
  street: '3 rue Vieille',
  postalCode: '69002',
  city: 'Lyon',
  phone: '04 11 11 11 11',
  email: 'atelier@garage-ancien.fr',
  vehiclesSlideshowUrl: 'https://occasions.partenaire-ancien.fr/vitrine',
};
const NEW: IdentityContent = {
  ...DEFAULT_CONTENT.identity,
  name: 'Garage Nouveau',
  street: '8 avenue Neuve',
  postalCode: '33000',
  city: 'Bordeaux',
  latitude: 44.8378,
  longitude: -0.5792,
  phone: '05 22 22 22 22',
  email: 'bonjour@garage-nouveau.fr',
  vehiclesSlideshowUrl: 'https://stock.partenaire-nouveau.fr/garage-nouveau',
};

/** The details a visitor reads, by the name the failures print. */
const details = (identity: IdentityContent) => ({
  name: identity.name,
  street: identity.street,
  phone: identity.phone,
  email: identity.email,
  slideshow: identity.vehiclesSlideshowUrl,
});

/** Each place: a page's body, JSON-LD or other head tags, or a mail's sender, text or HTML. */
type Places = Record<string, string>;

function pageParts(pathname: string, html: string): Places {
  const headEnd = html.indexOf('</head>');
  const head = html.slice(0, headEnd);
  const jsonLd = [...head.matchAll(/<script type="application\/ld\+json">[\s\S]*?<\/script>/g)];
  return {
    [`${pathname} (page)`]: html.slice(headEnd),
    [`${pathname} (JSON-LD)`]: jsonLd.map((m) => m[0]).join('\n'),
    [`${pathname} (head)`]: head.replace(
      /<script type="application\/ld\+json">[\s\S]*?<\/script>/g,
      '',
    ),
  };
}

/** Which places show which of the given details. */
function showing(places: Places, identity: IdentityContent): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(places).map(([place, text]) => [
      place,
      Object.entries(details(identity))
        .filter(([, value]) => text.includes(value))
        .map(([name]) => name),
    ]),
  );
}

describe.each(backends)('an identity change reaches every place that shows it (%s)', (_, start) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let removeBundle: (() => Promise<void>) | undefined;
  let started = '';
  let visitors = 0;

  const setIdentity = async (identity: IdentityContent) => {
    const { error } = await server
      .serviceClient()
      .from('site_content')
      .upsert({ type: 'identity', content: identity as never });
    expect(error).toBeNull();
  };

  /** Every public page the sitemap declares, in parts. */
  const pages = async (): Promise<Places> => {
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(paths).toContain('/');
    const places: Places = {};
    for (const pathname of paths) {
      const response = await fetch(server.url + pathname);
      expect(response.status, pathname).toBe(200);
      Object.assign(places, pageParts(pathname, await response.text()));
    }
    return places;
  };

  /** Every mail a request sends (each kind the queue knows), in parts. */
  const mails = async (): Promise<Places> => {
    smtp.received.length = 0;
    const { error } = await server.anonClient().rpc('submit_request', {
      payload: visitorRequest(started, {
        // The acknowledgement goes to an address once a day at most.
        email: `camille${++visitors}@exemple.fr`,
        plate: null,
        message: null,
      }),
    });
    expect(error).toBeNull();
    const received = await smtp.waitFor(2);
    const places: Places = {};
    for (const mail of received) {
      const kind = mail.to.includes('patron@garage.test') ? 'owner' : 'visitor';
      places[`${kind} mail (sender)`] = mail.from;
      places[`${kind} mail (text)`] = mail.text;
      places[`${kind} mail (HTML)`] = mail.html;
    }
    return places;
  };

  beforeAll(async () => {
    removeBundle = await buildServerBundle(DIST);
    smtp = await startTestSmtp();
    server = await start({
      distDir: DIST,
      smtpUrl: smtp.url,
      notifyEmail: 'patron@garage.test',
      siteUrl: 'https://garage.test',
    });
    started = await signedStart(server.db);
    await setIdentity(OLD);
    // A client that still writes the contact record, with the same details.
    const { error } = await server
      .serviceClient()
      .from('site_content')
      .upsert({ type: 'contact', content: contactFromIdentity(OLD) as never });
    expect(error).toBeNull();
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
    await removeBundle?.();
  });

  it('shows the new details wherever the old ones were, and the old ones nowhere', async () => {
    const before = showing({ ...(await pages()), ...(await mails()) }, OLD);
    const places = Object.keys(before).filter((place) => before[place]!.length > 0);
    // The places the code declares, found: the home page, its JSON-LD, the legal pages, the
    // request form's page, the acknowledgement and its sender.
    expect(places).toEqual(
      expect.arrayContaining([
        '/ (page)',
        '/ (JSON-LD)',
        '/ (head)',
        '/mentions-legales (page)',
        '/rendez-vous (page)',
        'visitor mail (sender)',
        'visitor mail (text)',
        'visitor mail (HTML)',
        'owner mail (sender)',
      ]),
    );

    // The partner's slideshow, framed on the home page and linked from every footer.
    expect(before['/ (page)']).toContain('slideshow');

    await setIdentity(NEW);
    const after = { ...(await pages()), ...(await mails()) };
    const stillOld = showing(after, OLD);
    const nowNew = showing(after, NEW);
    for (const place of places) {
      expect({ place, old: stillOld[place] }).toEqual({ place, old: [] });
      expect({ place, shows: nowNew[place] }).toEqual({ place, shows: before[place] });
    }
    for (const place of Object.keys(after))
      expect({ place, old: stillOld[place] }).toEqual({ place, old: [] });
  }, 120_000);

  it('keeps the contact record equal to the identity, whoever writes it', async () => {
    await setIdentity(NEW);
    const read = async () =>
      (await server.anonClient().from('site_content').select('content').eq('type', 'contact')).data;
    expect(await read()).toEqual([{ content: contactFromIdentity(NEW) }]);

    // A client writing the contact record directly gets the identity's values back.
    const { error } = await server
      .serviceClient()
      .from('site_content')
      .upsert({
        type: 'contact',
        content: { ...contactFromIdentity(NEW), phone: '09 99 99 99 99' } as never,
      });
    expect(error).toBeNull();
    expect(await read()).toEqual([{ content: contactFromIdentity(NEW) }]);

    // Without coordinates, the map is OpenStreetMap's search for the address.
    const { latitude: _lat, longitude: _lon, ...unplaced } = NEW;
    await setIdentity(unplaced);
    expect(await read()).toEqual([{ content: contactFromIdentity(unplaced) }]);
    expect(contactFromIdentity(unplaced).mapUrl).toMatch(
      /^https:\/\/www\.openstreetmap\.org\/search\?query=8%20avenue%20Neuve%2C%2033000%20Bordeaux$/,
    );
  });

  it('shows the merge notice to administrators only, who dismiss it', async () => {
    const clients = await clientsFor(server);
    const notice = { id: 'identity-merge', message: 'Les coordonnées ont été réunies.' };
    expect((await clients.service.from('admin_notices').upsert(notice)).error).toBeNull();

    expect((await clients.visitor.from('admin_notices').select('id')).error?.code).toBe('42501');
    expect((await clients.member.from('admin_notices').select('id')).data).toEqual([]);
    await clients.member.from('admin_notices').delete().eq('id', notice.id);
    expect((await clients.admin.from('admin_notices').select('id, message')).data).toEqual([
      notice,
    ]);
    // Nobody but the server writes one.
    expect(
      (await clients.admin.from('admin_notices').insert({ id: 'x', message: 'x' })).error?.code,
    ).toBe('42501');

    expect(
      (await clients.admin.from('admin_notices').delete().eq('id', notice.id)).error,
    ).toBeNull();
    expect((await clients.service.from('admin_notices').select('id')).data).toEqual([]);
  });
});
