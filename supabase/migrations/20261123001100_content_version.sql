-- One number that changes whenever a write may change what a visitor reads: the server's cached
-- pages over a PostgreSQL server are checked against it on each request, one row read instead of
-- a scan of the posts (docs/decisions/007-statistics-and-freshness-at-scale.md). Statement-level
-- triggers move it whoever writes (the API, another server process, psql, a scheduled job).

create schema if not exists private;
revoke all on schema private from public, anon, authenticated;

create table private.content_version (
  id boolean primary key default true constraint content_version_single_row check (id),
  version bigint not null default 0,
  -- A database restored from a backup may hold an old version number again; with the moment of
  -- the change beside it, a number seen before the restore never stands for different content.
  changed_at timestamptz not null default clock_timestamp()
);
alter table private.content_version enable row level security;
revoke all on table private.content_version from public, anon, authenticated, service_role;
insert into private.content_version default values;

-- Only a statement that changed rows moves the version: the publication job runs every minute and
-- mostly publishes nothing. An update moves it when some row changed in a column other than the
-- trigger's arguments: a post's view count is not an edit (the pages' time to live bounds how long
-- a cached page shows an older count).
create or replace function private.content_written() returns trigger
language plpgsql security definer
set search_path = ''
as $fn$
declare
  ignored text[] := coalesce(tg_argv, '{}');
  changed boolean;
begin
  if tg_op = 'INSERT' then
    changed := exists (select 1 from new_rows);
  elsif tg_op = 'DELETE' then
    changed := exists (select 1 from old_rows);
  elsif tg_op = 'UPDATE' then
    changed := exists (
      select to_jsonb(n) - ignored from new_rows n
      except
      select to_jsonb(o) - ignored from old_rows o
    );
  else
    changed := true;
  end if;
  if changed then
    update private.content_version set version = version + 1, changed_at = clock_timestamp();
  end if;
  return null;
end
$fn$;
revoke execute on function private.content_written() from public, anon, authenticated;

-- Transition tables need one trigger per event.
create trigger site_content_version_insert after insert on public.site_content
  referencing new table as new_rows
  for each statement execute function private.content_written();
create trigger site_content_version_update after update on public.site_content
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.content_written();
create trigger site_content_version_delete after delete on public.site_content
  referencing old table as old_rows
  for each statement execute function private.content_written();
create trigger site_content_version_truncate after truncate on public.site_content
  for each statement execute function private.content_written();

create trigger blog_posts_version_insert after insert on public.blog_posts
  referencing new table as new_rows
  for each statement execute function private.content_written();
create trigger blog_posts_version_update after update on public.blog_posts
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.content_written('views');
create trigger blog_posts_version_delete after delete on public.blog_posts
  referencing old table as old_rows
  for each statement execute function private.content_written();
create trigger blog_posts_version_truncate after truncate on public.blog_posts
  for each statement execute function private.content_written();
