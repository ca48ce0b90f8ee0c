// @vitest-environment happy-dom
import { act } from 'react';
import { createClient, FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../../tests/helpers/free-port.ts';
import {
  keyFor,
  startOpenAiStandIn,
  type OpenAiStandIn,
} from '../../../tests/helpers/openai-stand-in.ts';
import { startPageServer, type PageServer } from '../../../tests/helpers/page-server.ts';
import {
  click,
  field,
  render,
  typeInto,
  unmount,
  until as waitUntil,
} from '../editor/dom-test-utils.ts';
import { AiArticlePanel } from './ai-article-panel.tsx';
import {
  AI_MODEL_STORAGE_KEY,
  clampCount,
  generationErrorText,
  KEY_SAVED_CLEAR_MS,
  maskKey,
  toneOf,
} from './ai-settings.ts';

// The panel against the real server: the key is stored in api_keys under RLS, and the
// generate-articles function asks a local stand-in of the OpenAI API (tests/helpers).

/** The generation's bound: a stand-in that never answers is given up after it. */
const AI_TIMEOUT_MS = 2_000;

let server: PageServer;
let standIn: OpenAiStandIn;
let admin: SupabaseClient;

beforeAll(async () => {
  standIn = await startOpenAiStandIn('ok');
  server = await startPageServer({ openaiBaseUrl: standIn.url, openaiTimeoutMs: AI_TIMEOUT_MS });
  admin = await server.admin();
});
afterAll(async () => {
  await server?.close();
  await standIn?.close();
});

/** Stores `key` as the OpenAI key, or removes it, as the owner's other device would. */
async function storeKey(key: string | null) {
  const keys = server.service().from('api_keys');
  const { error } = key
    ? await keys.upsert({ name: 'openai', key }, { onConflict: 'name' })
    : await keys.delete().eq('name', 'openai');
  expect(error).toBeNull();
}

let container: HTMLElement;
const message = () => container.querySelector<HTMLElement>('.ai-panel__message')!;
const button = (name: RegExp | string) =>
  [...container.querySelectorAll('button')].find((b) =>
    typeof name === 'string' ? b.textContent?.trim() === name : name.test(b.textContent ?? ''),
  )!;
const generateButton = () => container.querySelector<HTMLButtonElement>('.ai-panel__generate')!;
const keyField = () => field(container, 'Clé API OpenAI');
/** Waits until the owner can read `check`, within the generation's bound. */
const until = (check: () => void) => waitUntil(check, AI_TIMEOUT_MS + 8_000);
const messageIs = (text: string) => until(() => expect(message().textContent).toBe(text));
/** The stored key was read: either shown masked, or the panel asks for one. */
const keyLoaded = () =>
  until(() =>
    expect(container.textContent!.includes('sk-…') || message().textContent !== '').toBe(true),
  );

/** The panel as a new visit of the page shows it: nothing read before is kept. */
async function mount(client: SupabaseClient | null, onGenerated?: () => void) {
  const queryClient = new QueryClient();
  container = await render(
    <QueryClientProvider client={queryClient}>
      <AiArticlePanel onGenerated={onGenerated} />
    </QueryClientProvider>,
    client,
  );
  if (client) await keyLoaded();
}

/** The drafts stored so far, as the blog list would show them. */
async function draftCount(): Promise<number> {
  const { count, error } = await server
    .service()
    .from('blog_posts')
    .select('id', { count: 'exact', head: true })
    .is('published_at', null);
  expect(error).toBeNull();
  return count!;
}

beforeEach(async () => {
  localStorage.clear();
  await storeKey(null);
  // The panel logs the failures it shows; the tests check what is shown.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(async () => {
  await unmount();
  vi.restoreAllMocks();
});

describe('AiArticlePanel', () => {
  it('asks for a key in blue when none is stored, and keeps the generate button disabled', async () => {
    await mount(admin);
    await messageIs('ℹ️ Veuillez entrer votre clé API OpenAI');
    expect(message().className).toContain('ai-panel__message--info');
    expect(generateButton().textContent).toBe('Générer 4 article(s)');
    expect(generateButton().disabled).toBe(true);
    await typeInto(keyField(), 'sk-abc');
    expect(generateButton().disabled).toBe(false);
  });

  it('shows a stored key masked, and generates with it without sending it', async () => {
    const stored = keyFor('ok');
    await storeKey(stored);
    const before = await draftCount();
    await mount(admin);
    await until(() => expect(container.textContent).toContain(maskKey(stored)));
    expect(message().textContent).toBe('');
    expect(container.textContent).not.toContain(stored);
    expect(keyField().value).toBe('');
    expect(generateButton().disabled).toBe(false);
    await click(generateButton());
    await messageIs('✅ 4 article(s) généré(s) avec succès !');
    // The server read the stored key itself and used it with the AI service.
    expect(standIn.requests.at(-1)?.authorization).toBe(`Bearer ${stored}`);
    expect(standIn.requests.at(-1)?.body?.model).toBe('gpt-4');
    expect(await draftCount()).toBe(before + 4);
  });

  it('says in red when the stored key cannot be read: the session was ended elsewhere', async () => {
    const ended = await server.admin();
    const other = await server.admin();
    // « Déconnecter partout » from another device: this session is refused from now on.
    expect((await other.auth.signOut({ scope: 'global' })).error).toBeNull();
    admin = await server.admin();
    await mount(ended);
    await messageIs('❌ Erreur lors du chargement de la clé API');
    expect(message().className).toContain('ai-panel__message--error');
  });

  it('toggles the key between hidden and shown', async () => {
    await mount(admin);
    expect(keyField().type).toBe('password');
    await click(button('Afficher la clé'));
    expect(keyField().type).toBe('text');
    expect(button('Masquer la clé').getAttribute('aria-pressed')).toBe('true');
    await click(button('Masquer la clé'));
    expect(keyField().type).toBe('password');
  });

  it('refuses to save a key without the sk- prefix, and stores nothing', async () => {
    await mount(admin);
    await typeInto(keyField(), 'abc-123');
    await click(button('Enregistrer la clé'));
    expect(message().textContent).toBe('❌ Clé API OpenAI invalide. Elle doit commencer par "sk-"');
    expect(message().className).toContain('--error');
    await unmount();
    await mount(admin);
    await messageIs('ℹ️ Veuillez entrer votre clé API OpenAI');
  });

  it('saves a key, says so in green for 3 seconds, then shows it masked, and keeps it', async () => {
    await mount(admin);
    await typeInto(keyField(), ' sk-new-key-00001234 ');
    await click(button('Enregistrer la clé'));
    await messageIs('✅ Clé OpenAI enregistrée !');
    const shownAt = Date.now();
    expect(message().className).toContain('--success');
    await until(() => expect(container.textContent).toContain('sk-…1234'));
    expect(keyField().value).toBe('');
    await until(() => expect(message().textContent).toBe(''));
    // Cleared by itself, after the delay (observed to within the polling step).
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(KEY_SAVED_CLEAR_MS - 200);

    // Stored, trimmed: the next visit shows it.
    await unmount();
    await mount(admin);
    await until(() => expect(container.textContent).toContain('sk-…1234'));
    expect(message().textContent).toBe('');
  });

  it('says in red when the key cannot be saved: the database refuses a non-administrator', async () => {
    await mount(await server.member());
    await typeInto(keyField(), 'sk-new-key');
    await click(button('Enregistrer la clé'));
    await messageIs('❌ Erreur lors de la sauvegarde de la clé');
    await unmount();
    await mount(admin);
    await messageIs('ℹ️ Veuillez entrer votre clé API OpenAI');
  });

  it('generates with the typed key, count and model, then tells the page', async () => {
    const onGenerated = vi.fn();
    const before = await draftCount();
    await mount(admin, onGenerated);
    await act(async () => {
      const select = field(container, 'Modèle') as unknown as HTMLSelectElement;
      select.value = 'gpt-3.5-turbo';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await typeInto(field(container, "Nombre d'articles"), '3');
    expect(generateButton().textContent).toBe('Générer 3 article(s)');
    const typed = keyFor('ok');
    await typeInto(keyField(), typed);
    await click(generateButton());
    await messageIs('✅ 3 article(s) généré(s) avec succès !');
    expect(message().className).toContain('--success');
    expect(onGenerated).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(AI_MODEL_STORAGE_KEY)).toBe('gpt-3.5-turbo');
    expect(standIn.requests.at(-1)?.authorization).toBe(`Bearer ${typed}`);
    expect(standIn.requests.at(-1)?.body?.model).toBe('gpt-3.5-turbo');
    expect(await draftCount()).toBe(before + 3);
  });

  it('shows "Génération..." with a spinner, button disabled, until the server answers', async () => {
    await mount(admin);
    // The stand-in never answers this key: the server gives up after its bound.
    await typeInto(keyField(), keyFor('hang'));
    await click(generateButton());
    expect(generateButton().textContent).toBe('Génération...');
    expect(generateButton().disabled).toBe(true);
    expect(generateButton().querySelector('.ai-panel__spinner')).not.toBeNull();
    await until(() => expect(generateButton().textContent).toBe('Générer 4 article(s)'));
    expect(message().textContent).toContain("Le service OpenAI n'a pas répondu à temps");
    expect(message().className).toContain('--error');
  });

  it('refuses to generate with a key that does not start with sk-', async () => {
    const requests = standIn.requests.length;
    await mount(admin);
    await typeInto(keyField(), 'pas-une-cle');
    await click(generateButton());
    expect(message().textContent).toBe('Clé API OpenAI invalide ou manquante');
    expect(message().className).toContain('--error');
    expect(standIn.requests).toHaveLength(requests);
  });

  it("shows the server's error text in red when the AI service refuses", async () => {
    const onGenerated = vi.fn();
    await mount(admin, onGenerated);
    await typeInto(keyField(), keyFor('429'));
    await click(generateButton());
    await until(() => expect(message().textContent).toMatch(/^Quota OpenAI dépassé/));
    expect(message().className).toContain('--error');
    expect(onGenerated).not.toHaveBeenCalled();
  });

  it('shows "Erreur lors de la génération" in red when the server cannot be reached', async () => {
    // Nothing listens at this address: the request itself fails.
    const unreachable = createClient(`http://127.0.0.1:${await freePort()}`, 'anon-key', {
      auth: { persistSession: false, autoRefreshToken: false, storageKey: 'unreachable' },
    });
    const onGenerated = vi.fn();
    await mount(unreachable, onGenerated);
    await messageIs('❌ Erreur lors du chargement de la clé API');
    await typeInto(keyField(), 'sk-typed-key');
    await click(generateButton());
    await messageIs('Erreur lors de la génération');
    expect(message().className).toContain('--error');
    expect(onGenerated).not.toHaveBeenCalled();
  });

  it('keeps the model across mounts, and resets an invalid stored one to gpt-4', async () => {
    localStorage.setItem(AI_MODEL_STORAGE_KEY, 'gpt-4-turbo');
    await mount(admin);
    expect((field(container, 'Modèle') as unknown as HTMLSelectElement).value).toBe('gpt-4-turbo');
    await unmount();
    localStorage.setItem(AI_MODEL_STORAGE_KEY, 'gpt-5');
    await mount(admin);
    expect((field(container, 'Modèle') as unknown as HTMLSelectElement).value).toBe('gpt-4');
    expect(localStorage.getItem(AI_MODEL_STORAGE_KEY)).toBeNull();
  });

  it('without a backend: the yellow notice, and actions abort with "Supabase non configuré"', async () => {
    await mount(null);
    expect(container.querySelector('.message--warning')?.textContent).toBe(
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

  // Answers our function never gives, but a proxy in front of it or another backend may.
  it('words a failure that carries no text: the status, else a general message', async () => {
    const proxyPage = new FunctionsHttpError(new Response('<html>', { status: 502 }));
    expect(await generationErrorText(proxyPage, null)).toBe('Erreur serveur: 502');
    expect(await generationErrorText(null, { success: false, error: 'Refusé' })).toBe('Refusé');
    expect(await generationErrorText(null, { success: false })).toBe(
      'Erreur lors de la génération',
    );
  });
});
