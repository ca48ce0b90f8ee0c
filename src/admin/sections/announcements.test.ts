import type { Active, Over } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { frenchAnnouncements } from './announcements.ts';

const TITLES = ['Accueil', 'Services', 'À propos'];
const IDS = ['hero', 'services', 'about'];
const lookup = {
  title: (id: string | number) => TITLES[IDS.indexOf(String(id))] ?? String(id),
  position: (id: string | number) => IDS.indexOf(String(id)) + 1,
  count: () => IDS.length,
};
const active = (id: string) => ({ id }) as Active;
const over = (id: string) => ({ id }) as Over;

describe('frenchAnnouncements', () => {
  it('says in French what happens, with the titles and positions', () => {
    const say = frenchAnnouncements(lookup);
    expect(say.onDragStart({ active: active('services') })).toBe(
      'Section « Services » saisie, position 2 sur 3.',
    );
    // The first report, over its own place, keeps the pick-up message.
    expect(say.onDragOver({ active: active('services'), over: over('services') })).toBeUndefined();
    expect(say.onDragOver({ active: active('services'), over: over('about') })).toBe(
      'Section « Services » déplacée en position 3 sur 3.',
    );
    expect(say.onDragOver({ active: active('services'), over: over('services') })).toBe(
      'Section « Services » revenue à sa position 2 sur 3.',
    );
    expect(say.onDragEnd({ active: active('services'), over: over('hero') })).toBe(
      'Section « Services » déposée en position 1 sur 3.',
    );
    expect(say.onDragCancel({ active: active('services'), over: null })).toBe(
      'Déplacement annulé. La section « Services » reste en position 2 sur 3.',
    );
    expect(say.onDragEnd({ active: active('hero'), over: null })).toContain('rien ne change');
  });
});
