import { randomBytes } from 'node:crypto';
import { test } from './fixtures.ts';

/**
 * Gives each test of a spec file a tag of its own (passed to `onTag` before the test), to put in
 * the titles of the posts it arranges; those posts are deleted after the test, with the service
 * role, whatever the test did to the administrator's sessions.
 */
export function useTaggedPosts(onTag: (tag: string) => void): void {
  let tag = '';
  test.beforeEach(() => {
    tag = randomBytes(3).toString('hex');
    onTag(tag);
  });
  test.afterEach(async ({ serviceDb }) => {
    const { error } = await serviceDb.from('blog_posts').delete().ilike('title', `%${tag}%`);
    if (error) throw error;
  });
}
