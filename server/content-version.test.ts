import { describe, expect, it } from 'vitest';
import { mayChangePublicContent } from './content-version.ts';

describe('mayChangePublicContent', () => {
  it('counts successful writes through REST, RPC and functions', () => {
    expect(mayChangePublicContent('POST', '/rest/v1/site_content', 201)).toBe(true);
    expect(mayChangePublicContent('PATCH', '/rest/v1/blog_posts', 204)).toBe(true);
    expect(mayChangePublicContent('DELETE', '/rest/v1/blog_posts', 200)).toBe(true);
    expect(mayChangePublicContent('POST', '/rest/v1/rpc/publish_due_posts', 200)).toBe(true);
    expect(mayChangePublicContent('POST', '/functions/v1/generate-articles', 200)).toBe(true);
  });

  it('ignores reads, failures, auth, and the writes every visit makes', () => {
    expect(mayChangePublicContent('GET', '/rest/v1/blog_posts', 200)).toBe(false);
    expect(mayChangePublicContent('HEAD', '/rest/v1/blog_posts', 200)).toBe(false);
    expect(mayChangePublicContent('POST', '/rest/v1/site_content', 401)).toBe(false);
    expect(mayChangePublicContent('PATCH', '/rest/v1/blog_posts', 400)).toBe(false);
    expect(mayChangePublicContent('POST', '/auth/v1/token', 200)).toBe(false);
    expect(mayChangePublicContent('POST', '/rest/v1/rpc/increment_views', 200)).toBe(false);
    expect(mayChangePublicContent('POST', '/rest/v1/visits', 201)).toBe(false);
    expect(mayChangePublicContent('POST', '/functions/v1/recordVisit', 200)).toBe(false);
    expect(mayChangePublicContent('POST', '/functions/v1/recordVisit/extra', 200)).toBe(false);
  });
});
