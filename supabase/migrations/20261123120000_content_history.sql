-- The history of every save (docs/decisions/025-content-history.md): each update or delete of a
-- content type (site_content) or of a blog post keeps the version it replaces, with who and when.
-- Triggers fill it, whoever writes (the back-office, the API by hand, a scheduled job), on hosted
-- Supabase and on the self-hosted server alike. Administrators read it; nobody writes it directly.

create schema if not exists private;
revoke all on schema private from public, anon, authenticated;

create table public.content_history (
  id bigint generated always as identity primary key,
  -- 'content': a site_content row, keyed by its type; 'post': a blog_posts row, keyed by its id.
  kind text not null constraint content_history_kind check (kind in ('content', 'post')),
  item_key text not null,
  operation text not null constraint content_history_operation check (operation in ('update', 'delete')),
  -- The version replaced: the content for a type, the whole row for a post.
  data jsonb not null,
  -- When that version was saved (its updated_at), and who replaced it, when.
  saved_at timestamptz,
  author_id uuid,
  author_email text,
  created_at timestamptz not null default now()
);
-- An item's versions, newest first (the list, and the pruning).
create index content_history_item_idx on public.content_history (kind, item_key, id desc);
-- The deleted posts of the last days.
create index content_history_deleted_idx on public.content_history (created_at desc)
  where operation = 'delete';

alter table public.content_history enable row level security;
revoke all on table public.content_history from anon, authenticated;
grant select on table public.content_history to authenticated;
grant all on table public.content_history to service_role;

create policy content_history_admin_read on public.content_history
  for select to authenticated using ((select public.is_admin()));

-- How many versions of one item are kept; older ones are removed as new ones come. A deleted
-- post's history is kept at least 30 days after its deletion, whatever its number of versions.
create or replace function private.record_history() returns trigger
language plpgsql security definer
set search_path = ''
as $fn$
declare
  item_kind text := tg_argv[0];
  previous jsonb := to_jsonb(old);
  item text;
  version jsonb;
  keep constant integer := 50;
  oldest_kept bigint;
begin
  if item_kind = 'content' then
    item := previous ->> 'type';
    version := previous -> 'content';
    -- Saving the same content again is not a new version.
    if tg_op = 'UPDATE' and version = to_jsonb(new) -> 'content' then
      return null;
    end if;
  else
    item := previous ->> 'id';
    version := previous;
    -- A view count, or the same text saved again, is not an edit.
    if tg_op = 'UPDATE' and (previous - 'views' - 'updated_at') = (to_jsonb(new) - 'views' - 'updated_at') then
      return null;
    end if;
  end if;

  insert into public.content_history (kind, item_key, operation, data, saved_at, author_id, author_email)
  values (item_kind, item, lower(tg_op), version, (previous ->> 'updated_at')::timestamptz,
          auth.uid(), nullif(auth.jwt() ->> 'email', ''));

  -- Keep the newest versions of this item only (one bounded index scan).
  select h.id into oldest_kept from public.content_history h
   where h.kind = item_kind and h.item_key = item
   order by h.id desc offset keep - 1 limit 1;
  if oldest_kept is not null then
    delete from public.content_history h
     where h.kind = item_kind and h.item_key = item and h.id < oldest_kept
       and not (h.operation = 'delete' and h.created_at > now() - interval '30 days');
  end if;

  -- The history of posts deleted more than 30 days ago, and not restored since, goes.
  if item_kind = 'post' and tg_op = 'DELETE' then
    delete from public.content_history h
     where h.kind = 'post'
       and h.item_key in (
         select d.item_key from public.content_history d
          where d.operation = 'delete' and d.kind = 'post'
            and d.created_at < now() - interval '30 days'
          order by d.created_at limit 100)
       and not exists (select 1 from public.blog_posts p where p.id::text = h.item_key)
       and not exists (select 1 from public.content_history r
                        where r.kind = 'post' and r.item_key = h.item_key and r.operation = 'delete'
                          and r.created_at >= now() - interval '30 days');
  end if;
  return null;
end
$fn$;
revoke execute on function private.record_history() from public, anon, authenticated;

create trigger site_content_history after update or delete on public.site_content
  for each row execute function private.record_history('content');
create trigger blog_posts_history after update or delete on public.blog_posts
  for each row execute function private.record_history('post');
