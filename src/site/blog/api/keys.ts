/** Query keys of the public blog reads; the admin invalidates `all` when a post changes. */
export const blogPostKeys = {
  all: ['blog_posts'] as const,
  latest: (limit: number) => [...blogPostKeys.all, 'latest', limit] as const,
  page: (page: number) => [...blogPostKeys.all, 'page', page] as const,
  article: (slug: string) => [...blogPostKeys.all, 'article', slug] as const,
};
