import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { MIN_PASSWORD_LENGTH, passwordLengthProblem, TOO_SHORT } from './password-rules.ts';

describe('the password minimum, declared once', () => {
  it('refuses one character fewer, and accepts the minimum', () => {
    expect(passwordLengthProblem('x'.repeat(MIN_PASSWORD_LENGTH - 1))).toBe(TOO_SHORT);
    expect(passwordLengthProblem('x'.repeat(MIN_PASSWORD_LENGTH))).toBeUndefined();
  });

  it('is the minimum hosted Supabase is configured with (supabase/config.toml, which cannot import it)', async () => {
    const toml = await readFile(new URL('../../supabase/config.toml', import.meta.url), 'utf8');
    const auth = /^\[auth\]$([\s\S]*?)^\[/m.exec(toml)?.[1] ?? '';
    expect(/^minimum_password_length = (\d+)$/m.exec(auth)?.[1]).toBe(String(MIN_PASSWORD_LENGTH));
  });
});
