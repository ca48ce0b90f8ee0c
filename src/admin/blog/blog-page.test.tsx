// @vitest-environment happy-dom
import { act } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { click, field, render, typeInto, unmount } from '../editor/dom-test-utils.ts';
import type { BlogPost } from './blog-post.ts';

// The AI panel has its own tests; here it only has to be there.
vi.mock('../ai/ai-article-panel.tsx', () => ({
  AiArticlePanel: () => <section aria-label="Génération d'articles par IA" />,
}));

const { BlogPage } = await import('./blog-page.tsx');

type Result = { data?: unknown; error: unknown };

interface Fake {
  client: SupabaseClient;
  selects: number;
  upserts: Record<string, unknown>[];
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

/** The blog_posts calls of spec §7, answered with `list` and the given results. */
function fakeClient(
  options: { list?: Result; save?: Result; remove?: Result; publish?: Result } = {},
): Fake {
  const { list = { data: POSTS, error: null }, save = { error: null } } = options;
  const { remove = { error: null }, publish = { error: null } } = options;
  const fake: Fake = {
    client: undefined as never,
    selects: 0,
    upserts: [],
    deletes: [],
    updates: [],
  };
  fake.client = {
    from: (table: string) => {
      expect(table).toBe('blog_posts');
      return {
        select: (columns: string) => {
          expect(columns).toBe('*');
          return {
            order: (column: string, order: { ascending: boolean }) => {
              expect([column, order]).toEqual(['created_at', { ascending: false }]);
              fake.selects++;
              return Promise.resolve(list);
            },
          };
        },
        upsert: (row: Record<string, unknown>) => {
          fake.upserts.push(row);
          return Promise.resolve(save);
        },
        delete: () => ({
          eq: (column: string, id: string) => {
            expect(column).toBe('id');
            fake.deletes.push(id);
            return Promise.resolve(remove);
          },
        }),
        update: (values: Record<string, unknown>) => ({
          eq: (column: string, id: string) => {
            expect(column).toBe('id');
            fake.updates.push({ values, id });
            return Promise.resolve(publish);
          },
        }),
      };
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
  // The failures are logged on purpose (spec §8); the test reads what the page shows.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(async () => {
  await unmount();
  vi.restoreAllMocks();
});

describe('BlogPage', () => {
  it('lists the posts with their status, and filters them', async () => {
    await mount(fakeClient());
    expect(container.querySelector('h1')?.textContent).toBe('Gestion du Blog');
    expect(container.querySelector('[aria-label="Génération d\'articles par IA"]')).not.toBeNull();
    expect(rowOf('Publié').textContent).toContain('Publié le 20 novembre 2026');
    expect(rowOf('Programmé').textContent).toContain('Programmé pour le 1 juillet 2027 à 10:00');
    expect(rowOf('Brouillon').textContent).toContain('Brouillon');
    expect(button('Publier maintenant', rowOf('Publié'))).toBeUndefined();
    expect(button('Publier maintenant', rowOf('Brouillon'))).toBeDefined();

    const filter = field(container, 'Filtrer les articles') as unknown as HTMLSelectElement;
    expect(filter.value).toBe('all');
    await choose(filter, 'published');
    expect([...container.querySelectorAll('h3')].map((h) => h.textContent)).toEqual(['Publié']);
    await choose(filter, 'draft');
    expect([...container.querySelectorAll('h3')].map((h) => h.textContent)).toEqual([
      'Programmé',
      'Brouillon',
    ]);
  });

  it('says when no post matches the filter, and when the list cannot load', async () => {
    await mount(fakeClient({ list: { data: [], error: null } }));
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
    expect(fake.selects).toBe(1);
    await click(button('Recharger la liste'));
    await flush();
    expect(fake.selects).toBe(2);
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
    expect(fake.upserts).toHaveLength(0);

    await typeInto(field(container, 'Titre'), 'Pneus : l’été arrive !');
    await typeInto(field(container, 'Contenu'), 'Texte');
    await typeInto(field(container, 'Résumé'), 'Résumé');
    await typeInto(field(container, 'Image de couverture'), 'pas une adresse');
    expect(text()).toContain('Saisissez une adresse web complète, commençant par https://.');
    await typeInto(field(container, 'Image de couverture'), 'https://example.com/p.jpg');
    await act(async () => container.querySelector('form')!.requestSubmit());
    await flush();

    expect(fake.upserts).toEqual([
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
    expect(fake.selects).toBe(2);
  });

  it('edits a post in Paris time and keeps its slug', async () => {
    const fake = fakeClient();
    await mount(fake);
    await click(button('Modifier', rowOf('Programmé')));
    expect(container.querySelector('h2')?.textContent).toBe("Modifier l'article");
    expect(field(container, 'Titre').value).toBe('Programmé');
    // 08:00 UTC on 1 July is 10:00 in Paris (summer time).
    expect(field(container, 'Publication programmée').value).toBe('2027-07-01T10:00');
    // 10:30 in Paris on 15 January (winter time) is 09:30 UTC.
    await typeInto(field(container, 'Date de publication'), '2027-01-15T10:30');
    await typeInto(field(container, 'Titre'), 'Nouveau titre');
    await act(async () => container.querySelector('form')!.requestSubmit());
    await flush();
    expect(fake.upserts).toEqual([
      expect.objectContaining({
        id: 'b',
        title: 'Nouveau titre',
        slug: 'programme',
        published_at: '2027-01-15T09:30:00.000Z',
        scheduled_at: '2027-07-01T08:00:00.000Z',
      }),
    ]);
  });

  it('shows the save failure and keeps the form open', async () => {
    const fake = fakeClient({ save: { error: { message: 'refusé' } } });
    await mount(fake);
    await click(button('Modifier', rowOf('Brouillon')));
    await act(async () => container.querySelector('form')!.requestSubmit());
    await flush();
    expect(message()).toBe("Erreur lors de l'enregistrement de l'article");
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
    expect(message()).toBe("Erreur lors de la publication de l'article");
    await unmount();

    await mount(fakeClient({ remove: { error: { message: 'panne' } } }));
    await click(button('Supprimer', rowOf('Brouillon')));
    await click(button('Supprimer', container.querySelector('[role="alertdialog"]')!));
    await flush();
    expect(message()).toBe("Erreur lors de la suppression de l'article");
  });

  it('shows the yellow notice without a backend', async () => {
    await mount(null);
    expect(text()).toContain(
      "Configuration Supabase manquante. Veuillez vérifier vos variables d'environnement.",
    );
  });
});
