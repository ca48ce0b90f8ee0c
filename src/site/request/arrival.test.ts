// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { arrivalSource, rememberArrival } from './arrival.ts';

// What a page load keeps of the visit's arrival (docs/decisions/078-agenda-figures-sources.md),
// read as the request form reads it.

// The test page's own origin: the site.
const SITE = window.location.origin;

/** A page load of `path` whose referrer is `referrer`. */
async function load(path: string, referrer: string) {
  history.replaceState(null, '', path);
  Object.defineProperty(document, 'referrer', { value: referrer, configurable: true });
  rememberArrival();
  return arrivalSource();
}

afterEach(() => sessionStorage.clear());

describe('the arrival kept for the request form', () => {
  it('reads a tagged landing left before its script kept it', async () => {
    expect(await load('/demande', `${SITE}/?utm_source=Flyer_Mairie&utm_medium=print`)).toEqual({
      source: 'campagne',
      campagne: 'flyer_mairie',
    });
  });

  it('keeps an arrival kept since over the tags of a page shown again', async () => {
    await load('/', 'https://www.google.fr/');
    // Back to a page the visitor first reached from a tagged landing: its referrer is still that.
    expect(await load('/blog', `${SITE}/?utm_source=flyer`)).toEqual({
      source: 'moteur_de_recherche',
      campagne: '',
    });
  });

  it('keeps nothing for a move inside the site from a page without tags', async () => {
    expect(await load('/demande', `${SITE}/blog`)).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });
});
