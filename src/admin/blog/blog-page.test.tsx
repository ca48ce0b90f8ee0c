// @vitest-environment happy-dom
import { ERROR_MESSAGES } from '../errors/french-error.ts';
import { act } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { click, field, render, typeInto, unmount } from '../editor/dom-test-utils.ts';
import type { BlogPost } from './blog-post.ts';
import { richText, typeInRichText } from '../rich-text/test-utils.ts';

// The AI panel has its own tests; here it only has to be there.
vi.mock('../ai/ai-article-panel.tsx', () => ({
  AiArticlePanel: () => <section aria-label="Génération d'articles par IA" />,
}));

const { BlogPage } = await import('./blog-page.tsx');

type Result = { data?: unknown; error: unknown; count?: number | null };
type Call = [method: string, ...args: unknown[]];

interface Fake {
  client: SupabaseClient;
  /** Every request to blog_posts, as the chain of supabase-js calls that built it. */
  requests: Call[][];
  lists: Call[][];
  saves: Record<string, unknown>[];
  deletes: string[];
  updates: { values: Record<string, unknown>; id: string }[];
}

function post(overrides: Partial<BlogPost>): BlogPost {
  return {
    id: 'p1',
    title: 'Titre',
    slug: 'titre',
    content: 'Contenu',
    excerpt: 'Résumé',
    image_url: 'https://example.com/a.jpg',
    published_at: null,
    scheduled_at: null,
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-01T10:00:00Z',
    views: 0,
    ...overrides,
  };
}

const POSTS = [
  post({ id: 'a', title: 'Publié', slug: 'publie', published_at: '2026-11-20T09:00:00Z' }),
  post({ id: 'b', title: 'Programmé', slug: 'programme', scheduled_at: '2027-07-01T08:00:00Z' }),
  post({ id: 'c', title: 'Brouillon', slug: 'brouillon' }),
];

/** What the list reads of a post: no content. */
const summary = ({ id, title, slug, published_at, scheduled_at }: BlogPost) => ({
  id,
  title,
  slug,
  published_at,
  scheduled_at,
});

/**
 * A stand-in for supabase-js's query builder on blog_posts: it records each request's chain of
 * calls and answers the list, the one-post read and the writes with the given results.
 */
function fakeClient(
  options: {
    list?: Result | ((chain: Call[]) => Result);
    save?: Result;
    remove?: Result;
    publish?: Result;
    open?: Result;
  } = {},
): Fake {
  const { save = { error: null }, remove = { error: null }, publish = { error: null } } = options;
  const list = options.list ?? { data: POSTS.map(summary), error: null, count: POSTS.length };
  const fake: Fake = {
    client: undefined as never,
    requests: [],
    lists: [],
    saves: [],
    deletes: [],
    updates: [],
  };
  const answer = (chain: Call[]): Result => {
    const [[method, first]] = chain as [Call];
    if (method === 'upsert' || method === 'insert') {
      fake.saves.push(first as Record<string, unknown>);
      return save;
    }
    if (method === 'update' && chain.some(([m]) => m === 'select')) {
      // An edited post's save: the update of the version read, which answers with the row.
      const id = chain.find(([m, column]) => m === 'eq' && column === 'id')![2] as string;
      fake.saves.push({ id, ...(first as Record<string, unknown>) });
      return save.error ? save : { data: [{ id, ...(first as object) }], error: null };
    }
    if (method === 'delete') {
      fake.deletes.push(chain[1]![2] as string);
      return remove;
    }
    if (method === 'update') {
      fake.updates.push({ values: first as Record<string, unknown>, id: chain[1]![2] as string });
      return publish;
    }
    if (chain.some(([m]) => m === 'single')) {
      const id = chain.find(([m]) => m === 'eq')![2];
      return options.open ?? { data: POSTS.find((p) => p.id === id), error: null };
    }
    fake.lists.push(chain);
    return typeof list === 'function' ? list(chain) : list;
  };
  fake.client = {
    from: (table: string) => {
      expect(table).toBe('blog_posts');
      const chain: Call[] = [];
      fake.requests.push(chain);
      const builder: Record<string, unknown> = {
        then: (resolve: (value: Result) => unknown, reject: (reason: unknown) => unknown) =>
          Promise.resolve(answer(chain)).then(resolve, reject),
      };
      const methods = [
        'select',
        'upsert',
        'insert',
        'delete',
        'update',
        'eq',
        'is',
        'not',
        'order',
      ];
      for (const method of [...methods, 'range', 'in', 'single', 'maybeSingle']) {
        builder[method] = (...args: unknown[]) => {
          chain.push([method, ...args]);
          return builder;
        };
      }
      return builder;
    },
  } as unknown as SupabaseClient;
  return fake;
}

let container: HTMLElement;
const flush = () => act(async () => new Promise<void>((resolve) => setTimeout(resolve, 0)));
const text = () => container.textContent ?? '';
const button = (name: string, within: ParentNode = container) =>
  [...within.querySelectorAll('button')].find((b) => b.textContent?.trim() === name)!;
const rowOf = (title: string) =>
  [...container.querySelectorAll('.blog-admin__posts > li')].find(
    (li) => li.querySelector('h3')?.textContent === title,
  )!;
const message = () => container.querySelector('.blog-admin__messages')!.textContent;

async function mount(fake: Fake | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  container = await render(
    <QueryClientProvider client={queryClient}>
      <BlogPage client={fake?.client ?? null} />
    </QueryClientProvider>,
  );
  await flush();
}

async function choose(select: HTMLSelectElement, value: string) {
  await act(async () => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

beforeEach(() => {
  // The failures are logged on purpose; the test reads what the page shows.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(async () => {
  await unmount();
  vi.restoreAllMocks();
});

/** The publishing choice labelled `label`, as the owner reads it. */
function choice(label: string): HTMLInputElement;
function choice(label: string, required: false): HTMLInputElement | undefined;
function choice(label: string, required = true): HTMLInputElement | undefined {
  const found = [...container.querySelectorAll<HTMLLabelElement>('.blog-form__choice')].find(
    (l) => l.textContent?.trim() === label,
  );
  const input = found?.querySelector('input') ?? undefined;
  if (required && !input) throw new Error(`No choice labelled "${label}"`);
  return input;
}

describe('BlogPage', () => {
  it('lists the posts with their status, reading only the columns it shows', async () => {
    const fake = fakeClient();
    await mount(fake);
    expect(container.querySelector('h1')?.textContent).toBe('Gestion du Blog');
    expect(container.querySelector('[aria-label="Génération d\'articles par IA"]')).not.toBeNull();
    expect(rowOf('Publié').textContent).toContain('Publié le 20 novembre 2026');
    expect(rowOf('Programmé').textContent).toContain('Programmé pour le 1 juillet 2027 à 10:00');
    expect(rowOf('Brouillon').textContent).toContain('Brouillon');
    expect(button('Publier maintenant', rowOf('Publié'))).toBeUndefined();
    expect(button('Publier maintenant', rowOf('Brouillon'))).toBeDefined();

    const [list] = fake.lists;
    const [, columns, options] = list!.find(([method]) => method === 'select')!;
    expect(
      String(columns)
        .split(',')
        .map((c) => c.trim()),
    ).not.toContain('content');
    expect(options).toMatchObject({ count: 'exact' });
    expect(list).toContainEqual(['range', 0, 49]);
    // Three posts: one page, no pager.
    expect(text()).not.toContain('Page 1 sur');
  });

  it('asks the database for the filter chosen, from the first page', async () => {
    const fake = fakeClient({ list: { data: POSTS.map(summary), error: null, count: 120 } });
    await mount(fake);
    await click(button('Page suivante'));
    await flush();
    const filter = field(container, 'Filtrer les articles') as unknown as HTMLSelectElement;
    expect(filter.value).toBe('all');
    await choose(filter, 'published');
    await flush();
    expect(fake.lists.at(-1)).toContainEqual(['not', 'published_at', 'is', null]);
    expect(fake.lists.at(-1)).toContainEqual(['range', 0, 49]);
    await choose(filter, 'draft');
    await flush();
    expect(fake.lists.at(-1)).toContainEqual(['is', 'published_at', null]);
    await choose(filter, 'all');
    await flush();
    expect(fake.lists.at(-1)!.filter(([method]) => method === 'is' || method === 'not')).toEqual(
      [],
    );
  });

  it('moves between pages of 50 with the French pager', async () => {
    const fake = fakeClient({ list: { data: POSTS.map(summary), error: null, count: 120 } });
    await mount(fake);
    expect(text()).toContain('Page 1 sur 3');
    expect(button('Page précédente').getAttribute('aria-disabled')).toBe('true');
    await click(button('Page précédente'));
    await flush();
    expect(fake.lists).toHaveLength(1);

    await click(button('Page suivante'));
    await flush();
    expect(fake.lists.at(-1)).toContainEqual(['range', 50, 99]);
    expect(text()).toContain('Page 2 sur 3');
    await click(button('Page suivante'));
    await flush();
    expect(fake.lists.at(-1)).toContainEqual(['range', 100, 149]);
    expect(text()).toContain('Page 3 sur 3');
    expect(button('Page suivante').getAttribute('aria-disabled')).toBe('true');
    await click(button('Page précédente'));
    await flush();
    expect(text()).toContain('Page 2 sur 3');
  });

  it('shows the last page when the one shown no longer exists', async () => {
    let total = 51;
    const fake = fakeClient({
      list: (chain) => {
        const offset = chain.find(([method]) => method === 'range')?.[1];
        // PostgREST refuses an offset past the last row.
        if (typeof offset === 'number' && offset > total) {
          return {
            data: null,
            error: { code: 'PGRST103', message: 'Requested range not satisfiable' },
          };
        }
        return { data: POSTS.map(summary), error: null, count: total };
      },
    });
    await mount(fake);
    await click(button('Page suivante'));
    await flush();
    expect(text()).toContain('Page 2 sur 2');

    // Posts were removed elsewhere: page 2 is gone.
    total = 40;
    await click(button('Recharger la liste'));
    await flush();
    await flush();
    expect(text()).not.toContain('Erreur lors du chargement des articles');
    expect(text()).not.toContain('Page 2');
    expect(fake.lists.at(-1)).toContainEqual(['range', 0, 49]);
    expect(rowOf('Publié')).toBeDefined();
  });

  it('says when no post matches the filter, and when the list cannot load', async () => {
    await mount(fakeClient({ list: { data: [], error: null, count: 0 } }));
    expect(text()).toContain('Aucun article trouvé pour ce filtre');
    await unmount();
    await mount(fakeClient({ list: { data: null, error: { message: 'panne' } } }));
    expect(container.querySelector('.blog-admin__list [role="alert"]')?.textContent).toBe(
      'Erreur lors du chargement des articles',
    );
  });

  it('reloads the list on demand', async () => {
    const fake = fakeClient();
    await mount(fake);
    expect(fake.lists).toHaveLength(1);
    await click(button('Recharger la liste'));
    await flush();
    expect(fake.lists).toHaveLength(2);
  });

  it('toggles the form, refuses an incomplete post in French, and saves a draft', async () => {
    const fake = fakeClient();
    await mount(fake);
    await click(button('Nouvel Article'));
    expect(container.querySelector('h2')?.textContent).toBe('Nouvel article');
    await click(button('Nouvel Article'));
    expect(text()).not.toContain('Nouvel article');
    await click(button('Nouvel Article'));

    await act(async () => container.querySelector('form')!.requestSubmit());
    await flush();
    expect(container.querySelectorAll('.editor-field__error')).toHaveLength(4);
    expect(text()).toContain('Ce champ est obligatoire.');
    expect(fake.saves).toHaveLength(0);

    await typeInto(field(container, 'Titre'), 'Pneus : l’été arrive !');
    await typeInRichText(container, 'Contenu', 'Texte');
    await typeInto(field(container, 'Résumé'), 'Résumé');
    await typeInto(field(container, 'Adresse de l’image'), 'pas une adresse');
    expect(text()).toContain(
      'Saisissez une adresse web (https://…) ou un chemin commençant par /.',
    );
    await typeInto(field(container, 'Adresse de l’image'), 'https://example.com/p.jpg');
    await act(async () => container.querySelector('form')!.requestSubmit());
    await flush();

    expect(fake.saves).toEqual([
      {
        title: 'Pneus : l’été arrive !',
        content: 'Texte',
        excerpt: 'Résumé',
        image_url: 'https://example.com/p.jpg',
        published_at: null,
        scheduled_at: null,
        slug: 'pneus-l-ete-arrive',
        updated_at: expect.any(String),
      },
    ]);
    expect(message()).toBe('Article enregistré avec succès');
    expect(container.querySelector('form')).toBeNull();
    expect(fake.lists).toHaveLength(2);
  });

  it('edits a post, read whole first, in Paris time and keeps its slug', async () => {
    const fake = fakeClient();
    await mount(fake);
    await click(button('Modifier', rowOf('Programmé')));
    await flush();
    expect(fake.requests.at(-1)).toEqual([['select', '*'], ['eq', 'id', 'b'], ['single']]);
    expect(container.querySelector('h2')?.textContent).toBe("Modifier l'article");
    expect(field(container, 'Titre').value).toBe('Programmé');
    expect((await richText(container, 'Contenu')).element.textContent).toBe('Contenu');
    // The one publishing choice shows the post's state: programmed, at 10:00 in Paris on
    // 1 July (08:00 UTC, summer time).
    expect(choice('Programmer').checked).toBe(true);
    expect(field(container, 'Date et heure de publication').value).toBe('2027-07-01T10:00');
    // 10:30 in Paris on 15 January (winter time) is 09:30 UTC.
    await typeInto(field(container, 'Date et heure de publication'), '2027-01-15T10:30');
    await typeInto(field(container, 'Titre'), 'Nouveau titre');
    await act(async () => container.querySelector('form')!.requestSubmit());
    await flush();
    expect(fake.saves).toEqual([
      expect.objectContaining({
        id: 'b',
        title: 'Nouveau titre',
        slug: 'programme',
        published_at: null,
        scheduled_at: '2027-01-15T09:30:00.000Z',
      }),
    ]);
  });

  it('a published post opens as published on its date, and stays so when saved', async () => {
    const fake = fakeClient();
    await mount(fake);
    await click(button('Modifier', rowOf('Publié')));
    await flush();
    expect(choice('Publié le 20 novembre 2026').checked).toBe(true);
    expect(choice('Publier maintenant', false)).toBeUndefined();
    await typeInto(field(container, 'Titre'), 'Publié, corrigé');
    await act(async () => container.querySelector('form')!.requestSubmit());
    await flush();
    expect(fake.saves).toEqual([
      expect.objectContaining({ published_at: '2026-11-20T09:00:00.000Z', scheduled_at: null }),
    ]);
  });

  it('says when the post to edit cannot be read, and opens no form', async () => {
    await mount(fakeClient({ open: { data: null, error: { message: 'panne' } } }));
    await click(button('Modifier', rowOf('Brouillon')));
    await flush();
    expect(message()).toBe(`Erreur lors du chargement de l'article. ${ERROR_MESSAGES.unknown}`);
    expect(container.querySelector('form')).toBeNull();
  });

  it('shows the save failure and keeps the form open', async () => {
    const fake = fakeClient({ save: { error: { message: 'refusé' } } });
    await mount(fake);
    await click(button('Modifier', rowOf('Brouillon')));
    await flush();
    await act(async () => container.querySelector('form')!.requestSubmit());
    await flush();
    expect(message()).toBe(
      `Erreur lors de l'enregistrement de l'article. ${ERROR_MESSAGES.unknown}`,
    );
    expect(container.querySelector('form')).not.toBeNull();
  });

  it('deletes only after confirmation', async () => {
    const fake = fakeClient();
    await mount(fake);
    await click(button('Supprimer', rowOf('Brouillon')));
    const dialog = container.querySelector('[role="alertdialog"]')!;
    expect(dialog.textContent).toContain('Êtes-vous sûr de vouloir supprimer cet article ?');
    await click(button('Annuler', dialog));
    expect(fake.deletes).toEqual([]);

    await click(button('Supprimer', rowOf('Brouillon')));
    await click(button('Supprimer', container.querySelector('[role="alertdialog"]')!));
    await flush();
    expect(fake.deletes).toEqual(['c']);
    expect(message()).toBe('Article supprimé avec succès');
  });

  it('publishes now, or says it could not', async () => {
    const fake = fakeClient();
    await mount(fake);
    const before = Date.now();
    await click(button('Publier maintenant', rowOf('Brouillon')));
    await flush();
    expect(fake.updates).toHaveLength(1);
    expect(fake.updates[0]!.id).toBe('c');
    const at = new Date(fake.updates[0]!.values.published_at as string).getTime();
    expect(at).toBeGreaterThanOrEqual(before);
    expect(message()).toBe('Article publié avec succès !');
    await unmount();

    await mount(fakeClient({ publish: { error: { message: 'panne' } } }));
    await click(button('Publier maintenant', rowOf('Brouillon')));
    await flush();
    expect(message()).toBe(`Erreur lors de la publication de l'article. ${ERROR_MESSAGES.unknown}`);
    await unmount();

    await mount(fakeClient({ remove: { error: { message: 'panne' } } }));
    await click(button('Supprimer', rowOf('Brouillon')));
    await click(button('Supprimer', container.querySelector('[role="alertdialog"]')!));
    await flush();
    expect(message()).toBe(`Erreur lors de la suppression de l'article. ${ERROR_MESSAGES.unknown}`);
  });

  it('shows the yellow notice without a backend', async () => {
    await mount(null);
    expect(text()).toContain(
      "Configuration Supabase manquante. Veuillez vérifier vos variables d'environnement.",
    );
  });
});
