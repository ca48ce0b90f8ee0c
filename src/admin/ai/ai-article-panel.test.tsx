// @vitest-environment happy-dom
import { act } from 'react';
import type { SupabaseClient } from '@supabase/supabase-js';
import { FunctionsFetchError, FunctionsHttpError } from '@supabase/supabase-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { click, field, render, typeInto, unmount } from '../editor/dom-test-utils.ts';
import { AiArticlePanel } from './ai-article-panel.tsx';
import { AI_MODEL_STORAGE_KEY, clampCount, maskKey, toneOf } from './ai-settings.ts';

type Result = { data: unknown; error: unknown };

interface Fake {
  client: SupabaseClient;
  upserts: unknown[];
  invokes: { name: string; body: unknown }[];
}

/** Just the calls the panel makes: api_keys select/upsert and functions.invoke. */
function fakeClient({
  load = { data: null, error: null },
  save = { data: null, error: null },
  invoke = { data: { success: true, articles: [{}, {}, {}, {}] }, error: null },
}: {
  load?: Result | Promise<Result>;
  save?: Result;
  invoke?: Result | Promise<Result>;
} = {}): Fake {
  const fake: Fake = { client: undefined as never, upserts: [], invokes: [] };
  fake.client = {
    from: (table: string) => {
      expect(table).toBe('api_keys');
      return {
        select: () => ({ eq: () => ({ maybeSingle: () => Promise.resolve(load) }) }),
        upsert: (row: unknown) => {
          fake.upserts.push(row);
          return Promise.resolve(save);
        },
      };
    },
    functions: {
      invoke: (name: string, options: { body: unknown }) => {
        fake.invokes.push({ name, body: options.body });
        return Promise.resolve(invoke);
      },
    },
  } as unknown as SupabaseClient;
  return fake;
}

let container: HTMLElement;
const flush = () => act(async () => new Promise<void>((r) => setTimeout(r, 0)));
const message = () => container.querySelector<HTMLElement>('.ai-panel__message')!;
const button = (name: RegExp | string) =>
  [...container.querySelectorAll('button')].find((b) =>
    typeof name === 'string' ? b.textContent?.trim() === name : name.test(b.textContent ?? ''),
  )!;
const generateButton = () => container.querySelector<HTMLButtonElement>('.ai-panel__generate')!;
const keyField = () => field(container, 'Clé API OpenAI');

async function mount(fake: Fake | null, onGenerated?: () => void) {
  container = await render(
    <AiArticlePanel client={fake?.client ?? null} onGenerated={onGenerated} />,
  );
  await flush();
}

beforeEach(() => {
  localStorage.clear();
  // The panel logs the failures it shows; the tests check what is shown.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(async () => {
  await unmount();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('AiArticlePanel', () => {
  it('asks for a key in blue when none is stored, and keeps the generate button disabled', async () => {
    await mount(fakeClient());
    expect(message().textContent).toBe('ℹ️ Veuillez entrer votre clé API OpenAI');
    expect(message().className).toContain('ai-panel__message--info');
    expect(generateButton().textContent).toBe('Générer 4 article(s)');
    expect(generateButton().disabled).toBe(true);
    await typeInto(keyField(), 'sk-abc');
    expect(generateButton().disabled).toBe(false);
  });

  it('shows a stored key masked, and may generate with it (no key sent)', async () => {
    const fake = fakeClient({ load: { data: { key: 'sk-secret-0123456789abcd' }, error: null } });
    await mount(fake);
    expect(message().textContent).toBe('');
    expect(container.textContent).toContain('sk-…abcd');
    expect(container.textContent).not.toContain('secret');
    expect(keyField().value).toBe('');
    expect(generateButton().disabled).toBe(false);
    await click(generateButton());
    await flush();
    expect(fake.invokes).toEqual([
      { name: 'generate-articles', body: { count: 4, model: 'gpt-4' } },
    ]);
  });

  it('says in red when the stored key cannot be read', async () => {
    await mount(fakeClient({ load: { data: null, error: { message: 'boom' } } }));
    expect(message().textContent).toBe('❌ Erreur lors du chargement de la clé API');
    expect(message().className).toContain('ai-panel__message--error');
  });

  it('toggles the key between hidden and shown', async () => {
    await mount(fakeClient());
    expect(keyField().type).toBe('password');
    await click(button('Afficher la clé'));
    expect(keyField().type).toBe('text');
    expect(button('Masquer la clé').getAttribute('aria-pressed')).toBe('true');
    await click(button('Masquer la clé'));
    expect(keyField().type).toBe('password');
  });

  it('refuses to save a key without the sk- prefix', async () => {
    const fake = fakeClient();
    await mount(fake);
    await typeInto(keyField(), 'abc-123');
    await click(button('Enregistrer la clé'));
    await flush();
    expect(message().textContent).toBe('❌ Clé API OpenAI invalide. Elle doit commencer par "sk-"');
    expect(message().className).toContain('--error');
    expect(fake.upserts).toEqual([]);
  });

  it('saves a key, says so in green for 3 seconds, then shows it masked', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fake = fakeClient();
    container = await render(<AiArticlePanel client={fake.client} />);
    await act(async () => vi.advanceTimersByTimeAsync(0));
    await typeInto(keyField(), ' sk-new-key-00001234 ');
    await click(button('Enregistrer la clé'));
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(fake.upserts).toEqual([{ name: 'openai', key: 'sk-new-key-00001234' }]);
    expect(message().textContent).toBe('✅ Clé OpenAI enregistrée !');
    expect(message().className).toContain('--success');
    expect(container.textContent).toContain('sk-…1234');
    expect(keyField().value).toBe('');
    await act(async () => vi.advanceTimersByTimeAsync(2_900));
    expect(message().textContent).toBe('✅ Clé OpenAI enregistrée !');
    await act(async () => vi.advanceTimersByTimeAsync(200));
    expect(message().textContent).toBe('');
  });

  it('says in red when the key cannot be saved', async () => {
    await mount(fakeClient({ save: { data: null, error: { message: 'denied' } } }));
    await typeInto(keyField(), 'sk-new-key');
    await click(button('Enregistrer la clé'));
    await flush();
    expect(message().textContent).toBe('❌ Erreur lors de la sauvegarde de la clé');
  });

  it('generates with the typed key, count and model, then tells the page', async () => {
    const fake = fakeClient({
      invoke: { data: { success: true, articles: [{}, {}, {}] }, error: null },
    });
    const onGenerated = vi.fn();
    await mount(fake, onGenerated);
    await act(async () => {
      const select = field(container, 'Modèle') as unknown as HTMLSelectElement;
      select.value = 'gpt-3.5-turbo';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await typeInto(field(container, "Nombre d'articles"), '3');
    expect(generateButton().textContent).toBe('Générer 3 article(s)');
    await typeInto(keyField(), 'sk-typed-key');
    await click(generateButton());
    await flush();
    expect(fake.invokes).toEqual([
      {
        name: 'generate-articles',
        body: { count: 3, model: 'gpt-3.5-turbo', apiKey: 'sk-typed-key' },
      },
    ]);
    expect(message().textContent).toBe('✅ 3 article(s) généré(s) avec succès !');
    expect(message().className).toContain('--success');
    expect(onGenerated).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(AI_MODEL_STORAGE_KEY)).toBe('gpt-3.5-turbo');
  });

  it('shows "Génération..." with a spinner, button disabled, while generating', async () => {
    let answer!: (r: Result) => void;
    const fake = fakeClient({ invoke: new Promise<Result>((r) => (answer = r)) });
    await mount(fake);
    await typeInto(keyField(), 'sk-typed-key');
    await click(generateButton());
    expect(generateButton().textContent).toBe('Génération...');
    expect(generateButton().disabled).toBe(true);
    expect(generateButton().querySelector('.ai-panel__spinner')).not.toBeNull();
    await act(async () => answer({ data: { success: true, articles: [{}] }, error: null }));
    await flush();
    expect(generateButton().textContent).toBe('Générer 4 article(s)');
    expect(message().textContent).toBe('✅ 1 article(s) généré(s) avec succès !');
  });

  it('refuses to generate with a key that does not start with sk-', async () => {
    const fake = fakeClient();
    await mount(fake);
    await typeInto(keyField(), 'pas-une-cle');
    await click(generateButton());
    await flush();
    expect(message().textContent).toBe('Clé API OpenAI invalide ou manquante');
    expect(message().className).toContain('--error');
    expect(fake.invokes).toEqual([]);
  });

  it.each([
    [
      'the server error text',
      new FunctionsHttpError(
        new Response(JSON.stringify({ success: false, error: 'Quota OpenAI dépassé' }), {
          status: 429,
        }),
      ),
      'Quota OpenAI dépassé',
    ],
    [
      'Erreur serveur: {status}',
      new FunctionsHttpError(new Response('<html>', { status: 502 })),
      'Erreur serveur: 502',
    ],
    [
      'Erreur lors de la génération',
      new FunctionsFetchError(new Error('offline')),
      'Erreur lors de la génération',
    ],
  ])('shows %s in red on failure', async (_name, error, expected) => {
    const onGenerated = vi.fn();
    await mount(fakeClient({ invoke: { data: null, error } }), onGenerated);
    await typeInto(keyField(), 'sk-typed-key');
    await click(generateButton());
    await flush();
    expect(message().textContent).toBe(expected);
    expect(message().className).toContain('--error');
    expect(onGenerated).not.toHaveBeenCalled();
  });

  it('shows the error of a 200 answer without success', async () => {
    await mount(fakeClient({ invoke: { data: { success: false, error: 'Refusé' }, error: null } }));
    await typeInto(keyField(), 'sk-typed-key');
    await click(generateButton());
    await flush();
    expect(message().textContent).toBe('Refusé');
  });

  it('keeps the model across mounts, and resets an invalid stored one to gpt-4', async () => {
    localStorage.setItem(AI_MODEL_STORAGE_KEY, 'gpt-4-turbo');
    await mount(fakeClient());
    expect((field(container, 'Modèle') as unknown as HTMLSelectElement).value).toBe('gpt-4-turbo');
    await unmount();
    localStorage.setItem(AI_MODEL_STORAGE_KEY, 'gpt-5');
    await mount(fakeClient());
    expect((field(container, 'Modèle') as unknown as HTMLSelectElement).value).toBe('gpt-4');
    expect(localStorage.getItem(AI_MODEL_STORAGE_KEY)).toBeNull();
  });

  it('without a backend: the yellow notice, and actions abort with "Supabase non configuré"', async () => {
    await mount(null);
    expect(container.querySelector('.notice--warning')?.textContent).toBe(
      "Configuration Supabase manquante. Veuillez vérifier vos variables d'environnement.",
    );
    await typeInto(keyField(), 'sk-typed-key');
    await click(button('Enregistrer la clé'));
    expect(message().textContent).toBe('Supabase non configuré');
    await click(generateButton());
    expect(message().textContent).toBe('Supabase non configuré');
    expect(message().className).toContain('--error');
  });
});

describe('ai-settings', () => {
  it('colours by emoji, clamps the count and masks keys', () => {
    expect(toneOf('❌ x')).toBe('error');
    expect(toneOf('ℹ️ x')).toBe('info');
    expect(toneOf('✅ x')).toBe('success');
    expect([clampCount('0'), clampCount('11'), clampCount(''), clampCount('7')]).toEqual([
      1, 10, 4, 7,
    ]);
    expect(maskKey('sk-proj-abcdefgh1234')).toBe('sk-…1234');
    expect(maskKey('sk-short')).toBe('sk-…');
  });
});
