/**
 * A row of blog_posts, all its columns, as the API returns it: one declaration for the public
 * article and the back-office. The text is never null: the database refuses a post without it.
 */
export interface BlogPostRow {
  id: string;
  title: string;
  slug: string;
  content: string;
  excerpt: string | null;
  image_url: string | null;
  published_at: string | null;
  scheduled_at: string | null;
  created_at: string;
  updated_at: string;
  views: number | null;
}
