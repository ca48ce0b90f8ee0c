import { describe, expect, it } from 'vitest';
import { postRow } from './blog-api.ts';
import { postStatus, statusLabel, type BlogPost } from './blog-post.ts';

const NOW = new Date('2026-11-22T12:00:00Z');

function post(overrides: Partial<BlogPost> = {}): BlogPost {
  return {
    id: 'id-1',
    title: 'Titre',
    slug: 'titre',
    content: 'Texte',
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

describe('post status', () => {
  it('is published when published_at is set, whatever scheduled_at says', () => {
    const p = post({ published_at: '2026-11-20T09:00:00Z', scheduled_at: '2026-12-01T09:00:00Z' });
    expect(postStatus(p)).toBe('published');
    expect(statusLabel(p, NOW)).toBe('Publié le 20 novembre 2026');
  });

  it('is scheduled with the French date and Paris time, winter and summer', () => {
    expect(statusLabel(post({ scheduled_at: '2026-12-24T17:45:00Z' }), NOW)).toBe(
      'Programmé pour le 24 décembre 2026 à 18:45',
    );
    expect(statusLabel(post({ scheduled_at: '2027-06-01T06:00:00Z' }), NOW)).toBe(
      'Programmé pour le 1 juin 2027 à 08:00',
    );
    expect(postStatus(post({ scheduled_at: '2027-06-01T06:00:00Z' }))).toBe('scheduled');
  });

  it('is a draft without either date', () => {
    expect(postStatus(post())).toBe('draft');
    expect(statusLabel(post(), NOW)).toBe('Brouillon');
  });

  it('says when a publication date still to come goes online', () => {
    expect(statusLabel(post({ published_at: '2026-12-01T08:00:00Z' }), NOW)).toBe(
      'Publié le 1 décembre 2026 à 09:00 (en ligne à cette date)',
    );
  });
});

describe('the saved row', () => {
  const form = {
    title: "L'œuvre de l'été !",
    content: 'Texte',
    excerpt: 'Résumé',
    image_url: 'https://example.com/a.jpg',
  };

  it('builds the slug from the title for a new post; an empty publication date is a draft', () => {
    expect(postRow(form, null, NOW)).toEqual({
      ...form,
      published_at: null,
      scheduled_at: null,
      slug: 'l-oeuvre-de-l-ete',
      updated_at: '2026-11-22T12:00:00.000Z',
    });
  });

  it('keeps the id and the slug when editing, and sends the dates as ISO', () => {
    const editing = post({ id: 'abc', slug: 'ancien-titre' });
    const row = postRow(
      { ...form, published_at: '2026-11-22T13:30:00+01:00', scheduled_at: null },
      editing,
      NOW,
    );
    expect(row).toMatchObject({
      id: 'abc',
      slug: 'ancien-titre',
      published_at: '2026-11-22T12:30:00.000Z',
      scheduled_at: null,
    });
  });
});
