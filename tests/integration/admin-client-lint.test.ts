import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The back-office reaches the API one way (docs/decisions/083-one-client-in-the-back-office.md),
// and ESLint is what holds it there: the project's own configuration, given the ways it forbids,
// must refuse each one in src/admin, and let the provider file and plain fetches be.

const ROOT = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

/** The rule's messages for `code` as if it were the file `file`. */
async function refusals(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages
    .filter((message) => message.ruleId === 'no-restricted-syntax')
    .map((message) => message.message);
}

const FORBIDDEN: [what: string, code: string][] = [
  ['the singleton', "import { supabase } from '../../lib/supabase.ts';\nexport { supabase };"],
  ['the singleton, lazily', "export const load = () => import('../../lib/supabase.ts');"],
  [
    'a second auth client',
    "import { GoTrueClient } from '@supabase/supabase-js';\nexport const a = new GoTrueClient({ url: '/auth/v1' });",
  ],
  [
    'a second client',
    "import { createClient } from '@supabase/supabase-js';\nexport const c = createClient('u', 'k');",
  ],
  [
    'fetch to the auth API',
    "export const f = (base: string) => fetch(new URL('auth/v1/settings', base));",
  ],
  ['fetch to the data API', 'export const f = (base: string) => fetch(`${base}/rest/v1/posts`);'],
  ["the window's fetch", "export const f = () => window.fetch('/functions/v1/recordVisit');"],
];

describe('the back-office reaches the API through its client only', () => {
  it.each(FORBIDDEN)('refuses %s in src/admin', async (_, code) => {
    expect(await refusals(code, 'src/admin/some-feature/some-file.tsx')).toHaveLength(1);
  });

  it('lets the provider file import the client, and a fetch of anything else through', async () => {
    expect(await refusals(FORBIDDEN[0]![1], 'src/admin/client/app-client-provider.tsx')).toEqual(
      [],
    );
    expect(
      await refusals(
        "export const f = () => fetch('/robots.txt');",
        'src/admin/some-feature/some-file.ts',
      ),
    ).toEqual([]);
  });
});
