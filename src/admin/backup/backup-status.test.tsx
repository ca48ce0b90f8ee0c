// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPageServer, type PageServer } from '../../../tests/helpers/page-server.ts';
import { render, unmount, until } from '../editor/dom-test-utils.ts';
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
  // Against the real server: the backups it made are rows of private.backup_runs, which only
  // the server writes, read by administrators through last_backup().
  let server: PageServer;
  let container: HTMLElement;
  beforeAll(async () => {
    server = await startPageServer();
  });
  afterAll(() => server?.close());
  beforeEach(() => server.sql('delete from private.backup_runs'));
  afterEach(() => unmount());

  /** The server made a backup `ago` milliseconds ago; its time. */
  async function backedUp(ago: number): Promise<string> {
    const at = new Date(Date.now() - ago).toISOString();
    await server.sql(
      `insert into private.backup_runs (finished_at, file, bytes) values ($1, 'garage-2026-11-23T02-00-00Z.tar.gz', 10)`,
      [at],
    );
    return at;
  }

  async function mount(client: SupabaseClient) {
    const queryClient = new QueryClient();
    container = await render(
      <QueryClientProvider client={queryClient}>
        <BackupStatusLine />
      </QueryClientProvider>,
      client,
    );
    await until(() => expect(container.querySelector('[aria-busy]')).toBeNull());
  }

  it('shows the date of the last backup', async () => {
    await backedUp(2 * HOUR);
    const last = await backedUp(HOUR);
    await mount(await server.admin());
    const line = container.querySelector('.backup-status')!;
    expect(line.textContent).toBe(backupStatus({ at: last, file: '', bytes: 0 }, new Date()).text);
    expect(line.textContent).toMatch(/^Dernière sauvegarde : le \d+ \S+ \d{4} à \d\d:\d\d\.$/);
    expect(line.getAttribute('role')).toBeNull();
  });

  it('says there is none yet when the server has made none', async () => {
    await mount(await server.admin());
    expect(container.querySelector('.backup-status')?.textContent).toBe(
      'Aucune sauvegarde du site pour l’instant.',
    );
  });

  it('alerts when backups stopped, and says so plainly when the date cannot be read', async () => {
    await backedUp(5 * 24 * HOUR);
    await mount(await server.admin());
    expect(container.querySelector('[role="alert"]')?.textContent).toContain(
      'Plus de 5 jours sans sauvegarde',
    );
    await unmount();
    // The database refuses the date to a user who is not an administrator.
    await mount(await server.member());
    expect(container.querySelector('.backup-status')?.textContent).toBe(
      'Date de la dernière sauvegarde indisponible.',
    );
  });
});
