import { describe, expect, it } from 'vitest';
import { popupFingerprint } from './popup-dismissal.ts';

describe('popupFingerprint', () => {
  const popup = { title: 'Fermeture', message: 'Fermé le 15 août.' };

  it('is stable for the same content', () => {
    expect(popupFingerprint(popup)).toBe(popupFingerprint({ ...popup }));
    expect(popupFingerprint(popup)).toMatch(/^[0-9a-f]{8}$/);
  });

  it('changes when the title or the message changes', () => {
    const base = popupFingerprint(popup);
    expect(popupFingerprint({ ...popup, title: 'Fermeture !' })).not.toBe(base);
    expect(popupFingerprint({ ...popup, message: 'Fermé le 16 août.' })).not.toBe(base);
    // The boundary between title and message counts.
    expect(popupFingerprint({ title: 'ab', message: 'c' })).not.toBe(
      popupFingerprint({ title: 'a', message: 'bc' }),
    );
  });
});
