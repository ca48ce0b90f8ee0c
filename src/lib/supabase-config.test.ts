import { describe, expect, it } from 'vitest';
import { resolveSupabaseConfig } from './supabase-config.ts';

const origin = 'http://127.0.0.1:3000';

describe('resolveSupabaseConfig', () => {
  it('prefers the build-time URL and key (hosted Supabase)', () => {
    const config = resolveSupabaseConfig({
      env: { VITE_SUPABASE_URL: 'https://abc.supabase.co', VITE_SUPABASE_ANON_KEY: 'built-key' },
      injectedJson: '{"anonKey":"served-key"}',
      origin,
    });
    expect(config).toEqual({ url: 'https://abc.supabase.co', anonKey: 'built-key' });
  });

  it('uses the injected key and the page origin for the self-hosted server', () => {
    const config = resolveSupabaseConfig({
      env: {},
      injectedJson: '{"anonKey":"served-key"}',
      origin,
    });
    expect(config).toEqual({ url: origin, anonKey: 'served-key' });
  });

  it('uses the injected key when only the build-time URL is set', () => {
    const config = resolveSupabaseConfig({
      env: { VITE_SUPABASE_URL: 'https://abc.supabase.co' },
      injectedJson: '{"anonKey":"served-key"}',
      origin,
    });
    expect(config).toEqual({ url: origin, anonKey: 'served-key' });
  });

  it.each([
    ['no block', undefined],
    ['an empty block', ''],
    ['malformed JSON', '{anonKey:'],
    ['no key', '{}'],
    ['an empty key', '{"anonKey":""}'],
    ['a key that is not a string', '{"anonKey":42}'],
  ])('reports "not configured" with %s', (_case, injectedJson) => {
    expect(resolveSupabaseConfig({ env: {}, injectedJson, origin })).toBeNull();
  });

  it('reports "not configured" outside a browser without build-time values', () => {
    const config = resolveSupabaseConfig({
      env: {},
      injectedJson: '{"anonKey":"k"}',
      origin: undefined,
    });
    expect(config).toBeNull();
  });
});
