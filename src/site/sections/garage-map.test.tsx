import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT } from '../../content/defaults.ts';
import { GarageMap } from './click-to-load-map.tsx';

const identity = DEFAULT_CONTENT.identity;

describe('the garage map', () => {
  it('is a button until the visitor asks, when the coordinates are known', () => {
    const html = renderToString(
      <GarageMap identity={{ ...identity, latitude: 45.764, longitude: 4.8357 }} />,
    );
    expect(html).toContain('Afficher la carte');
    expect(html).not.toContain('<iframe');
    expect(html).not.toContain('openstreetmap');
  });

  it('is a plain link to the address on OpenStreetMap without coordinates, and no frame', () => {
    const html = renderToString(<GarageMap identity={identity} />);
    expect(html).toContain(
      'href="https://www.openstreetmap.org/search?query=1%20rue%20de%20la%20R%C3%A9publique%2C%2069001%20Lyon"',
    );
    expect(html).toContain('Voir l&#x27;adresse sur OpenStreetMap');
    expect(html).not.toContain('Afficher la carte');
  });
});
