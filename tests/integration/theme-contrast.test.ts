import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startPostgresTestServer } from '../helpers/postgres-db.ts';
import { sampleColours } from '../helpers/colours.ts';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import { contrastProblem } from '../../src/lib/theme/contrast-rules.ts';

const PASSWORD = 'un-mot-de-passe-solide';

// The theme's contrast rule in the database (supabase/migrations/*_theme_contrast.sql) refuses what
// the form refuses, with the same shade to try, on PGlite and on a PostgreSQL server.
describe.each([
  ['PGlite', startTestServer],
  ['PostgreSQL', startPostgresTestServer],
] as const)('theme contrast on %s', (_name, start) => {
  let server: TestServer;
  let admin: SupabaseClient;

  beforeAll(async () => {
    server = await start();
    await server.createUser('owner@garage.fr', PASSWORD, true);
    admin = await server.signedInClient('owner@garage.fr', PASSWORD);
  });
  afterAll(() => server?.close());

  async function storedTheme(): Promise<unknown> {
    const { data } = await admin
      .from('site_content')
      .select('content')
      .eq('type', 'theme')
      .single();
    return data?.content;
  }

  it('stores the default theme at start and accepts a readable one', async () => {
    expect(await storedTheme()).toEqual(DEFAULT_CONTENT.theme);
    const readable = { primary: '#7a1f1f', accent: '#ffd166', fonts: 'classique' };
    const { error } = await admin.from('site_content').upsert({ type: 'theme', content: readable });
    expect(error).toBeNull();
    expect(await storedTheme()).toEqual(readable);
  });

  it('refuses white text on a light blue through the REST API, with the form’s suggestion', async () => {
    const before = await storedTheme();
    const theme = { primary: '#7fb3ff', accent: '#f2a900', fonts: 'moderne' };
    const { error, status } = await admin
      .from('site_content')
      .upsert({ type: 'theme', content: theme });
    expect(status).toBe(400);
    expect(error?.code).toBe('23514');
    expect(error?.message).toBe(`Contenu « theme » refusé : ${contrastProblem(theme)?.message}`);
    expect(error?.message).toMatch(
      /Le texte blanc sur #7fb3ff n'est pas assez lisible : essayez #/,
    );
    expect(await storedTheme()).toEqual(before);
  });

  it('gives the same verdict and suggestion as the form over many generated colours', async () => {
    const colours = sampleColours(400, 11);
    const themes = Array.from({ length: colours.length / 2 }, (_, i) => ({
      primary: colours[2 * i]!,
      accent: colours[2 * i + 1]!,
    }));
    const { rows } = await server.db.transaction((tx) =>
      tx.query<{ problem: string | null }>(
        `select private.theme_contrast_problem(t) as problem
           from jsonb_array_elements($1::jsonb) with ordinality as e(t, i) order by i`,
        [JSON.stringify(themes)],
      ),
    );
    const inDatabase = rows.map((row) => row.problem ?? null);
    const inForm = themes.map((theme) => contrastProblem(theme)?.message ?? null);
    expect(inDatabase).toEqual(inForm);
    expect(inForm.filter(Boolean).length).toBeGreaterThan(50);
  });
});
