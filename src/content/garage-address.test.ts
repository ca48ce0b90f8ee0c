import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT } from './defaults.ts';
import { addressSearchUrl, contactFromIdentity, mapEmbedUrl } from './garage-address.ts';

const identity = DEFAULT_CONTENT.identity;

describe('the garage address and map, from the identity', () => {
  it('ships a contact record derived from the shipped identity', () => {
    expect(DEFAULT_CONTENT.contact).toEqual(contactFromIdentity(identity));
  });

  it('embeds OpenStreetMap around the coordinates, with a marker, only when both are known', () => {
    expect(mapEmbedUrl(identity)).toBeNull();
    expect(mapEmbedUrl({ ...identity, latitude: 45.764 })).toBeNull();
    const url = new URL(mapEmbedUrl({ ...identity, latitude: 45.764, longitude: 4.8357 })!);
    expect(url.origin + url.pathname).toBe('https://www.openstreetmap.org/export/embed.html');
    expect(url.searchParams.get('bbox')).toBe('4.830700,45.759000,4.840700,45.769000');
    expect(url.searchParams.get('marker')).toBe('45.764000,4.835700');
  });

  it("searches OpenStreetMap for the address when the coordinates aren't known", () => {
    const url = new URL(addressSearchUrl({ ...identity, street: "3 rue de l'Église (bis)" }));
    expect(url.searchParams.get('query')).toBe("3 rue de l'Église (bis), 69001 Lyon");
    expect(url.search).not.toMatch(/['()]/);
  });
});
