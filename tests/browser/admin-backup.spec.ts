import { useAdminSession } from './admin-session.ts';
import { expect, test } from './fixtures.ts';

/**
 * The date of the last good backup, under the back-office's navigation: a backup asked of the
 * running server with the service role (as `npm run backup` does), then seen by the owner.
 */

const session = useAdminSession('admin-backup');

const WHEN = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
});

test('the back-office shows the date of the last backup on every page', async ({
  browser,
  request,
  server,
}) => {
  const { serviceKey } = server as typeof server & { serviceKey: string };
  const made = await request.post('/admin/v1/backups', {
    headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}` },
  });
  expect(made.status()).toBe(200);
  const { createdAt, file } = (await made.json()) as { createdAt: string; file: string };
  expect(file).toMatch(/^garage-.*\.tar\.gz$/);

  const page = await session.newPage(browser);
  try {
    const expected = `Dernière sauvegarde : le ${WHEN.format(new Date(createdAt))}.`;
    const nav = page.getByRole('navigation', { name: "Navigation de l'administration" });
    for (const path of ['/admin', '/admin/blog']) {
      await page.goto(path);
      await expect(nav.getByText(/^Dernière sauvegarde/)).toHaveText(expected);
    }
    // Recent: a plain line, not an alert.
    await expect(nav.getByRole('alert')).toHaveCount(0);
  } finally {
    await page.context().close();
  }
});

test('a visitor cannot ask when the site was saved', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const { anonKey } = JSON.parse(
    /<script type="application\/json" id="supabase-config">(.*?)<\/script>/.exec(html)?.[1] ?? '{}',
  ) as { anonKey: string };
  const answer = await request.post('/rest/v1/rpc/last_backup', {
    headers: { apikey: anonKey, authorization: `Bearer ${anonKey}` },
    data: {},
  });
  expect(answer.status()).toBe(401);
  const made = await request.post('/admin/v1/backups', {
    headers: { apikey: anonKey, authorization: `Bearer ${anonKey}` },
  });
  expect(made.status()).toBe(403);
});
