import { spawnSync } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPLOY, requireTool } from './deploy-site.ts';
import { CADDY_FILE, caddyEnv, nginxTest, writeNginxConfig } from './deploy-proxies.ts';

// The checks an operator runs before reloading: `nginx -t`, `caddy validate`, and
// `systemd-analyze` on the unit, each on the shipped file.

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'garage-configs-'));
  await chmod(dir, 0o755);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('deploy/nginx-garage-site.conf', () => {
  it('passes `nginx -t` inside Debian’s http block, without a warning', async () => {
    // Certificate, ports, upstream port and log folder changed; every other line as shipped.
    const main = await writeNginxConfig({
      dir: path.join(dir, 'nginx'),
      httpPort: 8080,
      httpsPort: 8443,
      upstreamPort: 3000,
    });
    const { status, output } = nginxTest(main, path.join(dir, 'nginx'));
    expect(output).toContain('syntax is ok');
    expect(output).toContain('test is successful');
    expect(output).not.toMatch(/\[(warn|emerg|alert|crit)\]/);
    expect(status).toBe(0);
  });
});

describe('deploy/Caddyfile', () => {
  it('passes `caddy validate` as shipped, formatted, with the redirect to HTTPS', () => {
    const caddy = requireTool('caddy', 'caddy');
    const result = spawnSync(
      caddy,
      ['validate', '--config', CADDY_FILE, '--adapter', 'caddyfile'],
      {
        encoding: 'utf8',
        env: caddyEnv(path.join(dir, 'caddy')),
      },
    );
    const output = result.stdout + result.stderr;
    expect(output).toContain('Valid configuration');
    expect(output).not.toContain('not formatted');
    expect(output).toContain('enabling automatic HTTP->HTTPS redirects');
    expect(result.status).toBe(0);
  });
});

describe('deploy/garage-site.service', () => {
  const shipped = path.join(DEPLOY, 'garage-site.service');

  /** The unit as install.sh writes it on this machine: with the path of this machine's node. */
  async function unitHere(): Promise<string> {
    const node = spawnSync('bash', ['-c', 'realpath "$(command -v node)"'], { encoding: 'utf8' });
    const text = (await readFile(shipped, 'utf8')).replace(
      /^ExecStart=\/usr\/bin\/node /m,
      `ExecStart=${node.stdout.trim()} `,
    );
    const file = path.join(dir, 'garage-site.service');
    await writeFile(file, text);
    return file;
  }

  it('passes `systemd-analyze verify` without a warning', async () => {
    const analyze = requireTool('systemd-analyze', 'systemd');
    const result = spawnSync(analyze, ['verify', await unitHere()], { encoding: 'utf8' });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('runs as garage, writing only to its data and backups, exposure rated OK', async () => {
    const analyze = requireTool('systemd-analyze', 'systemd');
    const result = spawnSync(analyze, ['security', '--offline=yes', await unitHere()], {
      encoding: 'utf8',
    });
    const output = result.stdout + result.stderr;
    for (const check of [
      'User=/DynamicUser=',
      'NoNewPrivileges=',
      'ProtectSystem=',
      'ProtectHome=',
      'PrivateTmp=',
    ])
      expect(output).toMatch(new RegExp(`✓ ${check.replace(/[/=]/g, '\\$&')}`));
    expect(output).toContain('Service has strict read-only access to the OS file hierarchy');
    const exposure = /Overall exposure level for garage-site\.service: ([\d.]+) (\w+)/.exec(output);
    expect(exposure?.[2]).toBe('OK');
    expect(Number(exposure?.[1])).toBeLessThanOrEqual(2);

    const unit = await readFile(shipped, 'utf8');
    expect(unit).toMatch(/^User=garage$/m);
    expect(unit).toMatch(
      /^ReadWritePaths=\/var\/lib\/garage-site\/data \/var\/lib\/garage-site\/backups$/m,
    );
    expect(unit).toMatch(/^EnvironmentFile=\/etc\/garage-site\/env$/m);
    expect(unit).toMatch(/^Restart=on-failure$/m);
    expect(unit).toMatch(/^ExecStart=\/usr\/bin\/node dist\/\.server\/main\.mjs$/m);
  });
});
