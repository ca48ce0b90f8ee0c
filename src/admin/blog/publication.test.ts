import { describe, expect, it } from 'vitest';
import { EMPTY_POST_FORM, type BlogPostForm } from './blog-post.ts';
import {
  applyChoice,
  finalPublication,
  publicationChoice,
  publishLabel,
  scheduledDate,
} from './publication.ts';

const NOW = new Date('2026-11-27T10:00:00.000Z');
const PAST = '2026-11-20T09:00:00.000Z';
const FUTURE = '2026-12-01T08:30:00.000Z';
const post = (dates: Partial<BlogPostForm>): BlogPostForm => ({
  ...EMPTY_POST_FORM,
  title: 'Vidange',
  ...dates,
});

describe('the article’s publishing choice', () => {
  it('shows the state of a stored post', () => {
    expect(publicationChoice(post({ published_at: PAST }), NOW)).toBe('publish');
    expect(publicationChoice(post({ scheduled_at: FUTURE }), NOW)).toBe('schedule');
    // A publication date still to come goes online then: it is programmed, at that date.
    expect(publicationChoice(post({ published_at: FUTURE }), NOW)).toBe('schedule');
    expect(scheduledDate(post({ published_at: FUTURE }), NOW)).toBe(FUTURE);
    expect(publicationChoice(post({}), NOW)).toBe('draft');
  });

  it('names the first option after what it does for this post', () => {
    expect(publishLabel(post({}), NOW)).toBe('Publier maintenant');
    expect(publishLabel(post({ published_at: PAST }), NOW)).toBe('Publié le 20 novembre 2026');
  });

  it('« Publier maintenant » dates a new post from the save', () => {
    const initial = post({});
    const chosen = applyChoice(initial, 'publish', initial, null, NOW);
    const saved = finalPublication(chosen, 'publish', initial, new Date('2026-11-27T10:05:00Z'));
    expect(saved).toMatchObject({ published_at: '2026-11-27T10:05:00.000Z', scheduled_at: null });
  });

  it('keeps the date of a post already online', () => {
    const initial = post({ published_at: PAST });
    const draft = applyChoice(initial, 'draft', initial, null, NOW);
    expect(draft).toMatchObject({ published_at: null, scheduled_at: null });
    const back = applyChoice(draft, 'publish', initial, null, NOW);
    expect(finalPublication(back, 'publish', initial, NOW)).toMatchObject({ published_at: PAST });
  });

  it('« Programmer » stores the date as scheduled_at, and leaves a programmed post as stored', () => {
    const initial = post({});
    expect(applyChoice(initial, 'schedule', initial, FUTURE, NOW)).toMatchObject({
      published_at: null,
      scheduled_at: FUTURE,
    });
    const legacy = post({ published_at: FUTURE });
    expect(applyChoice(legacy, 'schedule', legacy, FUTURE, NOW)).toMatchObject({
      published_at: FUTURE,
      scheduled_at: null,
    });
    expect(applyChoice(legacy, 'schedule', legacy, PAST, NOW)).toMatchObject({
      published_at: null,
      scheduled_at: PAST,
    });
  });
});
