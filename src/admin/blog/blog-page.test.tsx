// @vitest-environment happy-dom
import { ERROR_MESSAGES } from '../errors/french-error.ts';
import { act } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPageServer, type PageServer } from '../../../tests/helpers/page-server.ts';
import { click, field, render, typeInto, unmount, until } from '../editor/dom-test-utils.ts';
import type { BlogPost } from './blog-post.ts';
import { richText, typeInRichText } from '../rich-text/test-utils.ts';
import { BlogPage } from './blog-page.tsx';

// The blog page against the real server: posts are stored in blog_posts under RLS, and every
// failure is a real one (a session ended on another device, a post deleted elsewhere).

let server: PageServer;
let service: SupabaseClient;
/** The signed-in owner; a new session each test, since some tests end it. */
let admin: SupabaseClient;

beforeAll(async () => {
  server = await startPageServer();
  service = server.service();
});
afterAll(async () => {
  await server?.close();
});

type Arranged = Partial<BlogPost> & { title: string };

const MINUTE = 60_000;
/** A moment well before any post the page itself creates. */
const ORIGIN = Date.now() - 30 * 24 * 60 * MINUTE;

/**
 * Replaces every post with `posts`, created one minute apart in the given order (the list shows
 * the newest created first: the first of `posts` last).
 */
async function arrange(posts: Arranged[]) {
  const removed = await service.from('blog_posts').delete().not('id', 'is', null);
  expect(removed.error).toBeNull();
  if (posts.length === 0) return;
  const { error } = await service.from('blog_posts').insert(
    posts.map((post, i) => ({
      slug: `article-${i + 1}`,
      content: 'Contenu',
      excerpt: 'Résumé',
      image_url: 'https://example.com/a.jpg',
      published_at: null,
      scheduled_at: null,
      created_at: new Date(ORIGIN + i * MINUTE).toISOString(),
      ...post,
    })),
  );
  expect(error).toBeNull();
}

/** The post as stored now (null once deleted). */
async function stored(slug: string): Promise<BlogPost | null> {
  const { data, error } = await service.from('blog_posts').select('*').eq('slug', slug);
  expect(error).toBeNull();
  return (data?.[0] as BlogPost | undefined) ?? null;
}

const POSTS: Arranged[] = [
  { title: 'Publié', slug: 'publie', published_at: '2026-11-20T09:00:00Z' },
  { title: 'Programmé', slug: 'programme', scheduled_at: '2027-07-01T08:00:00Z' },
  { title: 'Brouillon', slug: 'brouillon' },
];

/** `count` posts, `Article 1` the newest; every second one published. */
const many = (count: number): Arranged[] =>
  Array.from({ length: count }, (_, i) => ({
    title: `Article ${count - i}`,
    published_at: (count - i) % 2 === 0 ? '2026-11-20T09:00:00Z' : null,
  }));

/** Another device ends every session of the owner (« Déconnecter partout »). */
async function endSessionsElsewhere() {
  const other = await server.admin();
  expect((await other.auth.signOut({ scope: 'global' })).error).toBeNull();
}

let container: HTMLElement;
const text = () => container.textContent ?? '';
const button = (name: string, within: ParentNode = container) =>
  [...within.querySelectorAll('button')].find((b) => b.textContent?.trim() === name)!;
const rows = () => [...container.querySelectorAll('.blog-admin__posts > li')];
const titles = () => rows().map((li) => li.querySelector('h3')?.textContent);
const rowOf = (title: string) =>
  rows().find((li) => li.querySelector('h3')?.textContent === title)!;
const message = () => container.querySelector('.blog-admin__messages')!.textContent;
const list = () => container.querySelector('.blog-admin__list')!;
/** The post's form (the AI panel below has a form of its own). */
const postHeading = () => container.querySelector('.blog-form h2')?.textContent;
const postForm = () => container.querySelector<HTMLFormElement>('.blog-form form');

/** The list answered: no spinner, nothing on its way. */
const listSettled = () =>
  until(() => {
    expect(container.querySelector('.blog-admin__loading')).toBeNull();
    expect(list().getAttribute('aria-busy')).toBe('false');
  });
const messageIs = (expected: string) => until(() => expect(message()).toBe(expected));

async function mount(client: SupabaseClient | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  container = await render(
    <QueryClientProvider client={queryClient}>
      <BlogPage />
    </QueryClientProvider>,
    client,
  );
  if (client) await listSettled();
}

async function choose(select: HTMLSelectElement, value: string) {
  await act(async () => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

async function openEditor(title: string) {
  await click(button('Modifier', rowOf(title)));
  await until(() => expect(postForm()).not.toBeNull());
}

const submit = () => act(async () => postForm()!.requestSubmit());

beforeEach(async () => {
  // Unsaved drafts are kept in the browser: each test starts without any.
  localStorage.clear();
  await arrange(POSTS);
  admin = await server.admin();
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
  it('lists the posts with their status, newest first, and the AI panel', async () => {
    await mount(admin);
    expect(container.querySelector('h1')?.textContent).toBe('Gestion du Blog');
    expect(text()).toContain('Générer des articles avec l’IA');
    expect(container.querySelector('.ai-panel')).not.toBeNull();
    expect(titles()).toEqual(['Brouillon', 'Programmé', 'Publié']);
    expect(rowOf('Publié').textContent).toContain('Publié le 20 novembre 2026');
    expect(rowOf('Programmé').textContent).toContain('Programmé pour le 1 juillet 2027 à 10:00');
    expect(rowOf('Brouillon').textContent).toContain('Brouillon');
    expect(button('Publier maintenant', rowOf('Publié'))).toBeUndefined();
    expect(button('Publier maintenant', rowOf('Brouillon'))).toBeDefined();
    // Three posts: one page, no pager.
    expect(text()).not.toContain('Page 1 sur');
  });

  it('lists what the filter chosen matches, from the first page', async () => {
    await arrange(many(120));
    await mount(admin);
    await click(button('Page suivante'));
    await listSettled();
    expect(text()).toContain('Page 2 sur 3');
    const filter = field(container, 'Filtrer les articles') as unknown as HTMLSelectElement;
    expect(filter.value).toBe('all');

    await choose(filter, 'published');
    await listSettled();
    expect(text()).toContain('Page 1 sur 2');
    expect(titles()[0]).toBe('Article 2');
    expect(rows().every((row) => row.textContent?.includes('Publié le'))).toBe(true);

    // 'Brouillons uniquement': every post not published.
    await choose(filter, 'draft');
    await listSettled();
    expect(text()).toContain('Page 1 sur 2');
    expect(titles()[0]).toBe('Article 1');
    expect(rows().every((row) => row.textContent?.includes('Brouillon'))).toBe(true);

    await choose(filter, 'all');
    await listSettled();
    expect(text()).toContain('Page 1 sur 3');
    expect(titles().slice(0, 2)).toEqual(['Article 1', 'Article 2']);
  });

  it('moves between pages of 50 with the French pager', async () => {
    await arrange(many(120));
    await mount(admin);
    expect(text()).toContain('Page 1 sur 3');
    expect(titles()).toHaveLength(50);
    expect(button('Page précédente').getAttribute('aria-disabled')).toBe('true');
    await click(button('Page précédente'));
    await listSettled();
    expect(text()).toContain('Page 1 sur 3');

    await click(button('Page suivante'));
    await listSettled();
    expect(text()).toContain('Page 2 sur 3');
    expect([titles()[0], titles().at(-1), titles().length]).toEqual([
      'Article 51',
      'Article 100',
      50,
    ]);
    await click(button('Page suivante'));
    await listSettled();
    expect(text()).toContain('Page 3 sur 3');
    expect([titles()[0], titles().at(-1), titles().length]).toEqual([
      'Article 101',
      'Article 120',
      20,
    ]);
    expect(button('Page suivante').getAttribute('aria-disabled')).toBe('true');
    await click(button('Page précédente'));
    await listSettled();
    expect(text()).toContain('Page 2 sur 3');
  });

  it('shows the last page when the one shown no longer exists', async () => {
    await arrange(many(51));
    await mount(admin);
    await click(button('Page suivante'));
    await listSettled();
    expect(text()).toContain('Page 2 sur 2');
    expect(titles()).toEqual(['Article 51']);

    // Posts were removed on another device: page 2 is gone.
    const gone = Array.from({ length: 11 }, (_, i) => `Article ${41 + i}`);
    expect((await service.from('blog_posts').delete().in('title', gone)).error).toBeNull();
    await click(button('Recharger la liste'));
    await until(() => expect(text()).not.toContain('Page 2'));
    await listSettled();
    expect(text()).not.toContain('Erreur lors du chargement des articles');
    expect(titles()).toHaveLength(40);
    expect(titles()[0]).toBe('Article 1');
  });

  it('says when no post matches the filter', async () => {
    await arrange([{ title: 'Brouillon' }]);
    await mount(admin);
    await choose(
      field(container, 'Filtrer les articles') as unknown as HTMLSelectElement,
      'published',
    );
    await until(() => expect(text()).toContain('Aucun article trouvé pour ce filtre'));
  });

  it('says when the list cannot load: the session was ended on another device', async () => {
    await endSessionsElsewhere();
    await mount(admin);
    expect(list().querySelector('[role="alert"]')?.textContent).toBe(
      'Erreur lors du chargement des articles',
    );
  });

  it('reloads the list on demand', async () => {
    await mount(admin);
    // Written on another device meanwhile.
    await service.from('blog_posts').insert({
      title: 'Écrit ailleurs',
      slug: 'ecrit-ailleurs',
      content: 'Contenu',
      excerpt: 'Résumé',
      image_url: 'https://example.com/a.jpg',
    });
    expect(titles()).not.toContain('Écrit ailleurs');
    await click(button('Recharger la liste'));
    await until(() => expect(titles()[0]).toBe('Écrit ailleurs'));
  });

  it('toggles the form, refuses an incomplete post in French, and saves a draft', async () => {
    await mount(admin);
    await click(button('Nouvel Article'));
    expect(postHeading()).toBe('Nouvel article');
    await click(button('Nouvel Article'));
    expect(text()).not.toContain('Nouvel article');
    await click(button('Nouvel Article'));

    await submit();
    expect(container.querySelectorAll('.editor-field__error')).toHaveLength(4);
    expect(text()).toContain('Ce champ est obligatoire.');

    await typeInto(field(container, 'Titre'), 'Pneus : l’été arrive !');
    await typeInRichText(container, 'Contenu', 'Texte');
    await typeInto(field(container, 'Résumé'), 'Résumé');
    await typeInto(field(container, 'Adresse de l’image'), 'pas une adresse');
    expect(text()).toContain(
      'Saisissez une adresse web (https://…) ou un chemin commençant par /.',
    );
    await typeInto(field(container, 'Adresse de l’image'), 'https://example.com/p.jpg');
    await submit();
    await messageIs('Article enregistré avec succès');
    expect(postForm()).toBeNull();
    await until(() => expect(titles()[0]).toBe('Pneus : l’été arrive !'));
    expect(rows()[0]!.textContent).toContain('Brouillon');

    // Stored as typed, with its address made from the title.
    expect(await stored('pneus-l-ete-arrive')).toMatchObject({
      title: 'Pneus : l’été arrive !',
      content: 'Texte',
      excerpt: 'Résumé',
      image_url: 'https://example.com/p.jpg',
      published_at: null,
      scheduled_at: null,
    });
  });

  it('stores nothing when the post is incomplete', async () => {
    await mount(admin);
    await click(button('Nouvel Article'));
    await typeInto(field(container, 'Titre'), 'Sans contenu');
    await submit();
    expect(text()).toContain('Ce champ est obligatoire.');
    await click(button('Recharger la liste'));
    await listSettled();
    expect(titles()).toEqual(['Brouillon', 'Programmé', 'Publié']);
  });

  it('edits a post, read whole first, in Paris time and keeps its slug', async () => {
    await mount(admin);
    await openEditor('Programmé');
    expect(postHeading()).toBe("Modifier l'article");
    expect(field(container, 'Titre').value).toBe('Programmé');
    // The content, which the list does not read, is in the form.
    expect((await richText(container, 'Contenu')).element.textContent).toBe('Contenu');
    // The one publishing choice shows the post's state: programmed, at 10:00 in Paris on
    // 1 July (08:00 UTC, summer time).
    expect(choice('Programmer').checked).toBe(true);
    expect(field(container, 'Date et heure de publication').value).toBe('2027-07-01T10:00');
    // 10:30 in Paris on 15 January (winter time) is 09:30 UTC.
    await typeInto(field(container, 'Date et heure de publication'), '2027-01-15T10:30');
    await typeInto(field(container, 'Titre'), 'Nouveau titre');
    await submit();
    await messageIs('Article enregistré avec succès');
    await until(() =>
      expect(rowOf('Nouveau titre')?.textContent).toContain(
        'Programmé pour le 15 janvier 2027 à 10:30',
      ),
    );
    const saved = await stored('programme');
    expect(saved?.title).toBe('Nouveau titre');
    expect(saved?.published_at).toBeNull();
    expect(new Date(saved!.scheduled_at!).toISOString()).toBe('2027-01-15T09:30:00.000Z');
  });

  it('a published post opens as published on its date, and stays so when saved', async () => {
    await mount(admin);
    await openEditor('Publié');
    expect(choice('Publié le 20 novembre 2026').checked).toBe(true);
    expect(choice('Publier maintenant', false)).toBeUndefined();
    await typeInto(field(container, 'Titre'), 'Publié, corrigé');
    await submit();
    await messageIs('Article enregistré avec succès');
    await until(() =>
      expect(rowOf('Publié, corrigé')?.textContent).toContain('Publié le 20 novembre 2026'),
    );
    const saved = await stored('publie');
    expect(new Date(saved!.published_at!).toISOString()).toBe('2026-11-20T09:00:00.000Z');
    expect(saved?.scheduled_at).toBeNull();
  });

  it('says when the post to edit cannot be read (deleted elsewhere), and opens no form', async () => {
    await mount(admin);
    expect((await service.from('blog_posts').delete().eq('slug', 'brouillon')).error).toBeNull();
    await click(button('Modifier', rowOf('Brouillon')));
    await messageIs(`Erreur lors du chargement de l'article. ${ERROR_MESSAGES.notFound}`);
    expect(postForm()).toBeNull();
  });

  it('shows the save failure and keeps the form open, with what was typed', async () => {
    await mount(admin);
    await openEditor('Brouillon');
    await typeInto(field(container, 'Titre'), 'Brouillon corrigé');
    await endSessionsElsewhere();
    await submit();
    await messageIs(`Erreur lors de l'enregistrement de l'article. ${ERROR_MESSAGES.session}`);
    expect(postForm()).not.toBeNull();
    expect(field(container, 'Titre').value).toBe('Brouillon corrigé');
    expect((await stored('brouillon'))?.title).toBe('Brouillon');
  });

  it('deletes only after confirmation', async () => {
    await mount(admin);
    await click(button('Supprimer', rowOf('Brouillon')));
    const dialog = container.querySelector('[role="alertdialog"]')!;
    expect(dialog.textContent).toContain('Êtes-vous sûr de vouloir supprimer cet article ?');
    await click(button('Annuler', dialog));
    expect(container.querySelector('[role="alertdialog"]')).toBeNull();
    expect(await stored('brouillon')).not.toBeNull();

    await click(button('Supprimer', rowOf('Brouillon')));
    await click(button('Supprimer', container.querySelector('[role="alertdialog"]')!));
    await messageIs('Article supprimé avec succès');
    await until(() => expect(titles()).toEqual(['Programmé', 'Publié']));
    expect(await stored('brouillon')).toBeNull();
  });

  it('publishes now', async () => {
    await mount(admin);
    const before = Date.now();
    await click(button('Publier maintenant', rowOf('Brouillon')));
    await messageIs('Article publié avec succès !');
    await until(() => expect(rowOf('Brouillon').textContent).toContain('Publié le'));
    expect(button('Publier maintenant', rowOf('Brouillon'))).toBeUndefined();
    const at = new Date((await stored('brouillon'))!.published_at!).getTime();
    expect(at).toBeGreaterThanOrEqual(before - 1_000);
    expect(at).toBeLessThanOrEqual(Date.now());
  });

  it('says when publishing or deleting failed: the session was ended on another device', async () => {
    await mount(admin);
    await endSessionsElsewhere();
    await click(button('Publier maintenant', rowOf('Brouillon')));
    await messageIs(`Erreur lors de la publication de l'article. ${ERROR_MESSAGES.session}`);

    await click(button('Supprimer', rowOf('Brouillon')));
    await click(button('Supprimer', container.querySelector('[role="alertdialog"]')!));
    await messageIs(`Erreur lors de la suppression de l'article. ${ERROR_MESSAGES.session}`);
    expect((await stored('brouillon'))?.published_at).toBeNull();
  });

  it('never says published or deleted when the post was deleted elsewhere meanwhile', async () => {
    await mount(admin);
    expect((await service.from('blog_posts').delete().eq('slug', 'brouillon')).error).toBeNull();
    await click(button('Publier maintenant', rowOf('Brouillon')));
    await messageIs(`Erreur lors de la publication de l'article. ${ERROR_MESSAGES.notFound}`);

    await click(button('Supprimer', rowOf('Brouillon')));
    await click(button('Supprimer', container.querySelector('[role="alertdialog"]')!));
    await messageIs(`Erreur lors de la suppression de l'article. ${ERROR_MESSAGES.notFound}`);
  });

  it('shows the yellow notice without a backend', async () => {
    await mount(null);
    expect(text()).toContain(
      "Configuration Supabase manquante. Veuillez vérifier vos variables d'environnement.",
    );
  });
});
