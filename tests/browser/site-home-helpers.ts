import type { Browser, Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { ContentByType } from '../../src/content/generated/types.ts';
import { readServerInfo } from './server-info.ts';

/**
 * Stored content for the home tests: each change is undone after the test, as other spec files
 * share the server. Use `const content = storedContent(); test.afterEach(content.restore)`.
 */
export function storedContent() {
  const undo: (() => Promise<void>)[] = [];
  return {
    async store<T extends keyof ContentByType>(
      db: SupabaseClient,
      type: T,
      content: ContentByType[T],
    ): Promise<void> {
      const before = await db.from('site_content').select('content').eq('type', type).maybeSingle();
      if (before.error) throw before.error;
      const saved = await db.from('site_content').upsert({ type, content });
      if (saved.error) throw saved.error;
      undo.push(async () => {
        const restored = before.data
          ? await db.from('site_content').upsert({ type, content: before.data.content })
          : await db.from('site_content').delete().eq('type', type);
        if (restored.error) throw restored.error;
      });
    },
    /** Queues one more undo step (rows the test added elsewhere), run with the others. */
    later(step: () => Promise<void>): void {
      undo.push(step);
    },
    async restore(): Promise<void> {
      for (const step of undo.splice(0).reverse()) await step();
    },
  };
}

export { axeViolations } from './axe.ts';

/** A page of its own context (axe needs one made by browser.newContext()), French like a visitor. */
export async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: readServerInfo().baseURL,
    locale: 'fr-FR',
  });
  return context.newPage();
}
