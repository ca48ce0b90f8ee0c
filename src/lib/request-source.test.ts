import { describe, expect, it } from 'vitest';
import { requestSource, sourceFields } from './request-source.ts';

const OWN = 'garage-exemple.fr';

describe('requestSource', () => {
  it.each([
    // [referrer, landing, category, campaign]
    ['', '/', 'direct', ''],
    [null, 'https://garage-exemple.fr/rendez-vous', 'direct', ''],
    ['https://www.google.fr/', '/', 'moteur_de_recherche', ''],
    ['https://www.google.com/search?q=garage', '/rendez-vous', 'moteur_de_recherche', ''],
    ['https://www.bing.com/', '/', 'moteur_de_recherche', ''],
    ['https://www.qwant.com/?q=garage', '/', 'moteur_de_recherche', ''],
    ['https://duckduckgo.com/', '/', 'moteur_de_recherche', ''],
    ['https://www.ecosia.org/search?q=x', '/', 'moteur_de_recherche', ''],
    ['https://fr.search.yahoo.com/', '/', 'moteur_de_recherche', ''],
    ['https://maps.google.fr/', '/', 'google_maps', ''],
    ['https://www.google.com/maps/place/Garage', '/', 'google_maps', ''],
    ['https://business.google.com/', '/', 'google_maps', ''],
    ['https://g.page/garage-exemple', '/', 'google_maps', ''],
    ['', '/rendez-vous?source=google', 'google_maps', ''],
    ['https://www.google.com/', '/?utm_source=google&utm_medium=gbp', 'google_maps', ''],
    ['', '/?utm_source=google&utm_medium=organic', 'google_maps', ''],
    ['https://l.facebook.com/', '/', 'reseau_social', ''],
    ['https://www.instagram.com/', '/', 'reseau_social', ''],
    ['https://t.co/abc', '/', 'reseau_social', ''],
    ['https://www.linkedin.com/feed', '/', 'reseau_social', ''],
    ['https://www.tiktok.com/@garage', '/', 'reseau_social', ''],
    ['https://www.pagesjaunes.fr/pros/123', '/', 'autre_site', ''],
    ['https://googleusercontent.example.org/', '/', 'autre_site', ''],
    [
      'https://www.google.fr/',
      '/?utm_source=Flyer-Mairie&utm_medium=print',
      'campagne',
      'flyer-mairie',
    ],
    ['', '/?utm_source=google&utm_medium=cpc', 'campagne', 'google'],
    ['https://l.facebook.com/', '/?utm_source=facebook_pub', 'campagne', 'facebook_pub'],
  ])('%s landing on %s is %s %s', (referrer, landing, source, campagne) => {
    expect(requestSource({ referrer, landing, ownHosts: [OWN] })).toEqual({ source, campagne });
  });

  it('tells nothing for a move inside the site: the arrival was earlier', () => {
    const inside = {
      referrer: 'https://garage-exemple.fr/',
      landing: '/rendez-vous',
      ownHosts: [OWN],
    };
    expect(requestSource(inside)).toBeNull();
    expect(
      requestSource({ ...inside, ownHosts: ['127.0.0.1', 'garage-exemple.fr:8080'] }),
    ).toBeNull();
  });

  it('reads the tags of the page left inside the site, where a slow phone could not keep them', () => {
    const from = (referrer: string) =>
      requestSource({ referrer, landing: '/demande', ownHosts: [OWN] });
    expect(from('https://garage-exemple.fr/?utm_source=Flyer_Mairie&utm_medium=print')).toEqual({
      source: 'campagne',
      campagne: 'flyer_mairie',
    });
    expect(from('https://garage-exemple.fr/rendez-vous?source=google')).toEqual({
      source: 'google_maps',
      campagne: '',
    });
    // Tags on another site's address are that site's, not the garage's.
    expect(from('https://www.pagesjaunes.fr/?utm_source=annuaire')).toEqual({
      source: 'autre_site',
      campagne: '',
    });
  });

  it('keeps no campaign name it could not store, and reads no odd referrer', () => {
    const long = `/?utm_source=${'a'.repeat(61)}`;
    expect(requestSource({ referrer: '', landing: long, ownHosts: [OWN] })).toEqual({
      source: 'direct',
      campagne: '',
    });
    expect(requestSource({ referrer: 'android-app://x', landing: '/', ownHosts: [OWN] })).toEqual({
      source: 'direct',
      campagne: '',
    });
    expect(
      requestSource({ referrer: '', landing: '/?utm_source=<script>', ownHosts: [OWN] })?.source,
    ).toBe('direct');
  });
});

describe('sourceFields', () => {
  it('reads back a known category and a well-formed campaign only', () => {
    expect(sourceFields('google_maps', '')).toEqual({ source: 'google_maps', campagne: '' });
    expect(sourceFields('campagne', 'Flyer')).toEqual({ source: 'campagne', campagne: 'flyer' });
    expect(sourceFields('campagne', '')).toBeNull();
    expect(sourceFields('espion', '')).toBeNull();
    expect(sourceFields(undefined, undefined)).toBeNull();
  });
});
