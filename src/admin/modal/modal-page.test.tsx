import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PopupPreview } from './modal-page.tsx';

describe('PopupPreview', () => {
  it('shows the public card with its title, message and buttons', () => {
    const html = renderToString(
      <PopupPreview popup={{ active: true, title: 'Congés', message: 'Fermé en août' }} />,
    );
    expect(html).toContain('popup-card');
    expect(html).toContain('Congés');
    expect(html).toContain('Fermé en août');
    expect(html).toContain('Fermer');
    // Inline: never a modal dialog in the admin page.
    expect(html).not.toContain('role="dialog"');
  });

  it('says why nothing shows when inactive or without a message', () => {
    const off = renderToString(
      <PopupPreview popup={{ active: false, title: 'T', message: 'M' }} />,
    );
    expect(off).toContain('La pop-up est désactivée');
    const empty = renderToString(
      <PopupPreview popup={{ active: true, title: 'T', message: ' ' }} />,
    );
    expect(empty).toContain('n’a pas de message');
  });
});
