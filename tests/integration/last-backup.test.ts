import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBackup } from '../../server/backup/run.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { clientsFor, type Clients } from '../helpers/fixtures.ts';

// The back-office shows the owner when the site was last saved: last_backup(), for administrators.

describe('last_backup()', () => {
  let server: TestServer;
  let c: Clients;
  let backupDir: string;
  beforeAll(async () => {
    backupDir = await mkdtemp(path.join(tmpdir(), 'garage-last-backup-'));
    server = await startTestServer({ backupDir });
    c = await clientsFor(server);
  });
  afterAll(async () => {
    await server?.close();
    await rm(backupDir, { recursive: true, force: true });
  });

  it('is null before any backup, then names the last one, its time and size', async () => {
    expect((await c.admin.rpc('last_backup')).data).toBeNull();
    const before = Date.now();
    const made = await runBackup({ db: server.db, config: server.config });
    const { data, error } = await c.admin.rpc('last_backup');
    expect(error).toBeNull();
    const last = data as { at: string; file: string; bytes: number };
    expect(last.file).toBe(path.basename(made.file));
    expect(last.bytes).toBe(made.bytes);
    expect(Date.parse(last.at)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('is for administrators only', async () => {
    const visitor = await c.visitor.rpc('last_backup');
    expect(visitor.error?.code).toBe('42501');
    expect(visitor.status).toBe(401);
    const member = await c.member.rpc('last_backup');
    expect(member.error?.code).toBe('42501');
    expect(member.status).toBe(403);
  });
});
