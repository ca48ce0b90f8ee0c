import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { blogPostKeys } from '../../site/blog/api/keys.ts';
import { listPosts } from './blog-api.ts';
import type { PostFilter } from './blog-post.ts';

/** The admin list's query keys; under blogPostKeys.all so that any change refreshes the site too. */
export const adminPostKeys = {
  all: [...blogPostKeys.all, 'admin'] as const,
  page: (filter: PostFilter, page: number) => [...adminPostKeys.all, filter, page] as const,
};

/** One page of the admin list; the page shown stays while the next one loads. */
export function usePostList(client: SupabaseClient, filter: PostFilter, page: number) {
  return useQuery({
    queryKey: adminPostKeys.page(filter, page),
    queryFn: () => listPosts(client, filter, page),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });
}
