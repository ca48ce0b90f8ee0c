// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startPageServer, type PageServer } from '../../../tests/helpers/page-server.ts';
import { render, unmount, until } from '../editor/dom-test-utils.ts';
import { PageMessageProvider } from './message.tsx';
import { TwoFactor } from './account-page.tsx';

// « Mon compte »'s two-factor section against the real server: what it says depends on what the
// server answers about the administrator's factors, and a failed read is never shown as « off ».

let server: PageServer;

beforeAll(async () => {
  server = await startPageServer();
});
afterAll(async () => {
  await server?.close();
});
afterEach(unmount);

async function show(client: SupabaseClient): Promise<HTMLElement> {
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queries}>
      <PageMessageProvider>
        <TwoFactor client={client} />
      </PageMessageProvider>
    </QueryClientProvider>,
    client,
  );
}

describe('the two-factor section', () => {
  it('says two-factor sign-in is off for an administrator without a factor', async () => {
    const page = await show(await server.admin());
    await until(() => expect(page.textContent).toContain('Désactivée'));
    expect(page.querySelector('button')?.textContent).toBe('Activer la double authentification');
    expect(page.querySelector('[role="alert"]')).toBeNull();
  });

  it('says the state could not be read, rather than « off », when the server refuses', async () => {
    const client = await server.admin();
    // The session ended on this device: the server can no longer be asked about the factors.
    await client.auth.signOut({ scope: 'local' });
    const page = await show(client);
    await until(() =>
      expect(page.querySelector('[role="alert"]')?.textContent).toContain(
        'L’état de la double authentification n’a pas pu être lu.',
      ),
    );
    expect(page.textContent).not.toContain('Désactivée');
    expect(page.textContent).not.toContain('Activer la double authentification');
    expect([...page.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Réessayer']);
  });
});
