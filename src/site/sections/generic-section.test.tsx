import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { preloadSafeHtml } from '../../lib/markdown/lazy.tsx';
import { GenericSection } from './generic-section.tsx';

const section = {
  id: 'section-1700000000000',
  title: 'Offre du mois',
  order: 11,
  visible: true,
  type: 'image',
  imageUrl: '/images/hero-pont.svg',
  content:
    '<p onclick="alert(1)"><strong>-10 %</strong> sur les <a href="javascript:alert(1)">freins</a>, <a href="https://garage.example/rdv">prendre rendez-vous</a></p><script>alert(1)</script><img src=x onerror=alert(1)>',
};

describe('GenericSection', () => {
  it('renders the owner HTML sanitized, on the server once its renderer is loaded', async () => {
    await preloadSafeHtml();
    const html = renderToString(<GenericSection section={section} anchor="section-1" />);
    expect(html).toContain('<h2 id="section-1-title">Offre du mois</h2>');
    expect(html).toContain('<strong>-10 %</strong>');
    expect(html).toContain('<a>freins</a>');
    expect(html).toContain('<a href="https://garage.example/rdv">prendre rendez-vous</a>');
    expect(html).not.toMatch(/<script|onclick|onerror|javascript:/i);
    expect(html).toContain('src="/images/hero-pont.svg"');
  });
});
