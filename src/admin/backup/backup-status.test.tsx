// @vitest-environment happy-dom
import { act } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, unmount } from '../editor/dom-test-utils.ts';
import { BackupStatusLine } from './backup-status.tsx';
import { backupStatus, STALE_AFTER_MS } from './backup-status-model.ts';

const HOUR = 60 * 60 * 1000;

describe('backupStatus', () => {
  const now = new Date('2026-11-23T10:00:00Z');

  it('says when nothing was ever saved', () => {
    expect(backupStatus(null, now)).toEqual({
      kind: 'none',
      text: 'Aucune sauvegarde du site pour l’instant.',
    });
  });

  it('gives the date and time of the last backup in Paris time', () => {
    const last = { at: '2026-11-23T02:00:00Z', file: 'garage-x.tar.gz', bytes: 1 };
    expect(backupStatus(last, now)).toEqual({
      kind: 'recent',
      text: 'Dernière sauvegarde : le 23 novembre 2026 à 03:00.',
    });
  });

  it('warns once the last backup is more than two days old', () => {
    const at = (ago: number) => ({
      at: new Date(now.getTime() - ago).toISOString(),
      file: 'garage-x.tar.gz',
      bytes: 1,
    });
    expect(backupStatus(at(STALE_AFTER_MS), now).kind).toBe('recent');
    const stale = backupStatus(at(STALE_AFTER_MS + HOUR), now);
    expect(stale.kind).toBe('stale');
    expect(stale.text).toMatch(
      /^Dernière sauvegarde : le 21 novembre 2026 à 10:00\. Plus de 2 jours sans sauvegarde : prévenez la personne qui héberge le site\.$/,
    );
  });
});

describe('BackupStatusLine', () => {
  let container: HTMLElement;
  afterEach(() => unmount());

  async function mount(answer: { data: unknown; error: unknown }) {
    const calls: string[] = [];
    const client = {
      rpc: (fn: string) => {
        calls.push(fn);
        return Promise.resolve(answer);
      },
    } as unknown as SupabaseClient;
    const queryClient = new QueryClient();
    container = await render(
      <QueryClientProvider client={queryClient}>
        <BackupStatusLine client={client} />
      </QueryClientProvider>,
    );
    await act(() => vi.waitFor(() => expect(container.querySelector('[aria-busy]')).toBeNull()));
    return calls;
  }

  it('reads last_backup() and shows its date', async () => {
    const at = new Date(Date.now() - HOUR).toISOString();
    const calls = await mount({ data: { at, file: 'garage-x.tar.gz', bytes: 10 }, error: null });
    expect(calls).toEqual(['last_backup']);
    const line = container.querySelector('.backup-status')!;
    expect(line.textContent).toMatch(/^Dernière sauvegarde : le \d+ \S+ \d{4} à \d\d:\d\d\.$/);
    expect(line.getAttribute('role')).toBeNull();
  });

  it('says there is none yet when the server has made none', async () => {
    await mount({ data: null, error: null });
    expect(container.querySelector('.backup-status')?.textContent).toBe(
      'Aucune sauvegarde du site pour l’instant.',
    );
  });

  it('alerts when backups stopped, and says so plainly when the date cannot be read', async () => {
    const at = new Date(Date.now() - 5 * 24 * HOUR).toISOString();
    await mount({ data: { at, file: 'garage-x.tar.gz', bytes: 10 }, error: null });
    expect(container.querySelector('[role="alert"]')?.textContent).toContain(
      'Plus de 5 jours sans sauvegarde',
    );
    await unmount();
    await mount({ data: null, error: { message: 'Réservé aux administrateurs', code: '42501' } });
    expect(container.querySelector('.backup-status')?.textContent).toBe(
      'Date de la dernière sauvegarde indisponible.',
    );
  });
});
