import { describe, expect, it } from 'vitest';
import { loginAddress, safeReturnPath, sessionEndMessage } from './return-path.ts';

describe('safeReturnPath', () => {
  it.each(['/admin', '/admin/hero', '/admin/blog?x=1', '/admin/blog#liste'])(
    'keeps the back-office page %s',
    (path) => expect(safeReturnPath(path)).toBe(path),
  );

  it.each([
    null,
    '',
    'https://evil.example/admin',
    '//evil.example/admin',
    '/\\evil.example',
    '/admin-login',
    '/adminx',
    '/',
    '/blog',
    '/admin/../blog',
    '/admin/%2e%2e/blog',
    'javascript:alert(1)',
    '/admin//evil.example',
    ' /admin',
  ])('sends anything else (%s) to /admin', (value) => {
    expect(safeReturnPath(value)).toBe('/admin');
  });
});

describe('loginAddress', () => {
  it('carries the page to come back to and the reason', () => {
    expect(loginAddress()).toBe('/admin-login');
    expect(loginAddress({ back: '/admin' })).toBe('/admin-login');
    expect(loginAddress({ back: '/admin/hero', expired: true })).toBe(
      '/admin-login?retour=%2Fadmin%2Fhero&session=expiree',
    );
    expect(loginAddress({ back: 'https://evil.example/' })).toBe('/admin-login');
  });
});

describe('why the session ended', () => {
  it('says what the server said, and that it expired otherwise', () => {
    const ended = (endReason?: string) =>
      new URLSearchParams(
        loginAddress({ back: '/admin/blog', expired: true, endReason }).split('?')[1],
      ).get('session');
    expect(ended('signed_out_others')).toBe('deconnectee-ailleurs');
    expect(sessionEndMessage(ended('signed_out_others'))).toMatch(/depuis un autre appareil/);
    expect(sessionEndMessage(ended('signed_out_everywhere'))).toMatch(/Déconnecter partout/);
    expect(sessionEndMessage(ended('password_changed'))).toMatch(
      /mot de passe du compte a été changé/,
    );
    expect(sessionEndMessage(ended(undefined))).toBe('Votre session a expiré, reconnectez-vous');
    expect(sessionEndMessage(ended('expired'))).toBe('Votre session a expiré, reconnectez-vous');
    expect(sessionEndMessage(ended('<script>'))).toBe('Votre session a expiré, reconnectez-vous');
    expect(sessionEndMessage('autre-chose')).toBeUndefined();
  });
});
