import { describe, expect, it } from 'vitest';
import { saveErrorMessage } from './save-status.ts';

describe('saveErrorMessage', () => {
  it("gives the server's reason for a refused save", () => {
    const refused = {
      code: '23514',
      message: 'Contenu « hero » refusé : « Titre » est obligatoire.',
      details: null,
      hint: null,
    };
    expect(saveErrorMessage(refused)).toBe(
      "L'enregistrement a échoué : Contenu « hero » refusé : « Titre » est obligatoire.",
    );
  });

  it('names a network failure as such', () => {
    const expected =
      "L'enregistrement a échoué : le serveur est injoignable. Vérifiez votre connexion internet, puis réessayez.";
    expect(saveErrorMessage({ code: '', message: 'TypeError: Failed to fetch' })).toBe(expected);
    expect(saveErrorMessage(new TypeError('fetch failed'))).toBe(expected);
    expect(saveErrorMessage(undefined)).toBe(expected);
  });

  it("never shows a library's own text", () => {
    expect(saveErrorMessage(new Error('Configuration Supabase manquante'))).toBe(
      "L'enregistrement a échoué : une erreur inattendue s'est produite. Réessayez ; si cela continue, rechargez la page.",
    );
    expect(
      saveErrorMessage({ code: '42501', message: 'permission denied for table site_content' }),
    ).toBe(
      "L'enregistrement a échoué : votre compte n'a pas le droit de faire cette modification. Reconnectez-vous avec un compte administrateur.",
    );
  });
});
