-- Tables, row level security, grants and functions of the garage site.
-- Runs unchanged on hosted Supabase (`supabase db push`) and on the self-hosted server.
-- Least privilege: every role gets exactly the table rights it needs, and RLS narrows the rows.

-- "Admin" is the JWT's app_metadata.role, which only the server can set
-- (docs/decisions/002-secrets.md).
create or replace function public.is_admin() returns boolean
language sql stable
set search_path = ''
as $$
  select coalesce((auth.jwt() -> 'app_metadata' ->> 'role') = 'admin', false)
$$;
revoke execute on function public.is_admin() from public;
grant execute on function public.is_admin() to anon, authenticated, service_role;

create or replace function public.touch_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;
revoke execute on function public.touch_updated_at() from public, anon, authenticated;

-- Site content: one row per content type.
create table public.site_content (
  type text primary key
    constraint site_content_type_known check (type in (
      'modal', 'alert', 'pricing', 'hero', 'services', 'hours', 'about', 'contact',
      'vehicles', 'financing', 'blog', 'sections'
    )),
  content jsonb not null,
  updated_at timestamptz not null default now()
);
create trigger site_content_touch before update on public.site_content
  for each row execute function public.touch_updated_at();

alter table public.site_content enable row level security;
revoke all on table public.site_content from anon, authenticated;
grant select on table public.site_content to anon;
grant select, insert, update, delete on table public.site_content to authenticated;
grant all on table public.site_content to service_role;

create policy site_content_read on public.site_content
  for select to anon, authenticated using (true);
create policy site_content_admin_insert on public.site_content
  for insert to authenticated with check ((select public.is_admin()));
create policy site_content_admin_update on public.site_content
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy site_content_admin_delete on public.site_content
  for delete to authenticated using ((select public.is_admin()));

-- Blog posts.
create table public.blog_posts (
  id uuid primary key default gen_random_uuid(),
  title text not null,
  slug text not null,
  content text not null default '',
  excerpt text,
  image_url text,
  published_at timestamptz,
  scheduled_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  views integer default 0,
  constraint blog_posts_slug_unique unique (slug),
  constraint blog_posts_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
-- The public listings: published_at not null and not in the future, newest first.
create index blog_posts_published_idx on public.blog_posts (published_at desc) where published_at is not null;
-- The admin list, newest created first.
create index blog_posts_created_idx on public.blog_posts (created_at desc);
-- Scheduled posts waiting for publish_due_posts().
create index blog_posts_due_idx on public.blog_posts (scheduled_at) where published_at is null and scheduled_at is not null;

-- Slugs (docs/decisions/012-slugs.md): lowercase, accents folded, other runs become one hyphen.
-- Accents are folded before lowering, in both cases: in a database whose LC_CTYPE is C, lower()
-- leaves 'É' as it is, which would turn 'École' into 'cole'.
create or replace function public.slugify(value text) returns text
language sql immutable
set search_path = ''
as $$
  select trim(both '-' from regexp_replace(
    lower(translate(replace(replace(replace(replace(coalesce(value, ''), 'œ', 'oe'), 'Œ', 'oe'), 'æ', 'ae'), 'Æ', 'ae'),
      'àáâãäåāçćčèéêëēėęîïíīįìłñńôöòóœøōõßśšûüùúūÿžźżÀÁÂÃÄÅĀÇĆČÈÉÊËĒĖĘÎÏÍĪĮÌŁÑŃÔÖÒÓŒØŌÕẞŚŠÛÜÙÚŪŸŽŹŻ',
      'aaaaaaaccceeeeeeeiiiiiilnnoooooooosssuuuuuyzzzaaaaaaaccceeeeeeeiiiiiilnnoooooooosssuuuuuyzzz')),
    '[^a-z0-9]+', '-', 'g'))
$$;
-- Called by the slug trigger, which runs as the writing administrator.
revoke execute on function public.slugify(text) from public, anon;
grant execute on function public.slugify(text) to authenticated, service_role;

-- Fills an empty slug from the title and makes it unique with -2, -3, ...; a post keeps its slug.
create or replace function public.blog_posts_unique_slug() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  base text;
  candidate text;
  n integer := 1;
begin
  if tg_op = 'UPDATE' and new.slug is not distinct from old.slug then
    return new;
  end if;
  base := public.slugify(coalesce(nullif(new.slug, ''), new.title));
  if base = '' then
    base := 'article';
  end if;
  candidate := base;
  while exists (select 1 from public.blog_posts p where p.slug = candidate and p.id <> new.id) loop
    n := n + 1;
    candidate := base || '-' || n;
  end loop;
  new.slug := candidate;
  return new;
end
$$;
revoke execute on function public.blog_posts_unique_slug() from public, anon, authenticated;

create trigger blog_posts_slug before insert or update of slug on public.blog_posts
  for each row execute function public.blog_posts_unique_slug();
-- A view count is not an edit: only editorial columns move updated_at.
create trigger blog_posts_touch before update of title, slug, content, excerpt, image_url, published_at, scheduled_at
  on public.blog_posts for each row execute function public.touch_updated_at();

alter table public.blog_posts enable row level security;
revoke all on table public.blog_posts from anon, authenticated;
grant select on table public.blog_posts to anon;
grant select, insert, update, delete on table public.blog_posts to authenticated;
grant all on table public.blog_posts to service_role;

create policy blog_posts_public_read on public.blog_posts
  for select to anon, authenticated
  using (published_at is not null and published_at <= now());
create policy blog_posts_admin_read on public.blog_posts
  for select to authenticated using ((select public.is_admin()));
create policy blog_posts_admin_insert on public.blog_posts
  for insert to authenticated with check ((select public.is_admin()));
create policy blog_posts_admin_update on public.blog_posts
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy blog_posts_admin_delete on public.blog_posts
  for delete to authenticated using ((select public.is_admin()));

-- Stored API keys: administrators only; never readable by visitors.
create table public.api_keys (
  name text primary key,
  key text not null,
  updated_at timestamptz not null default now()
);
create trigger api_keys_touch before update on public.api_keys
  for each row execute function public.touch_updated_at();

alter table public.api_keys enable row level security;
revoke all on table public.api_keys from anon, authenticated;
grant select, insert, update, delete on table public.api_keys to authenticated;
grant all on table public.api_keys to service_role;

create policy api_keys_admin_all on public.api_keys
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

-- Visits: one row per visit, nothing personal (docs/decisions/014-visits-and-statistics.md).
-- Only the service role (the recordVisit function) writes; only the statistics functions read.
create table public.visits (
  id bigint generated always as identity primary key,
  page text not null constraint visits_page_format check (page ~ '^[a-z0-9-]{1,64}$'),
  visited_at timestamptz not null default now()
);
create index visits_visited_at_idx on public.visits (visited_at);

alter table public.visits enable row level security;
revoke all on table public.visits from anon, authenticated;
grant all on table public.visits to service_role;
