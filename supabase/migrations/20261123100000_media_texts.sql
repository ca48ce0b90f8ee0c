-- The photos' alternative texts, written in the media library (docs/decisions/024-media-library.md).
-- Storage objects' user metadata cannot be changed through supabase-js without sending the photo
-- again, so the text lives in its own small table, keyed by the object's name in bucket `media`.
-- Readable by everyone (the public site may use it), written by administrators only.

create table public.media_texts (
  name text primary key,
  alt text not null constraint media_texts_alt_length check (char_length(alt) <= 250),
  updated_at timestamptz not null default now()
);
create trigger media_texts_touch before update on public.media_texts
  for each row execute function public.touch_updated_at();

alter table public.media_texts enable row level security;
revoke all on table public.media_texts from anon, authenticated;
grant select on table public.media_texts to anon;
grant select, insert, update, delete on table public.media_texts to authenticated;
grant all on table public.media_texts to service_role;

create policy media_texts_read on public.media_texts
  for select to anon, authenticated using (true);
create policy media_texts_admin_insert on public.media_texts
  for insert to authenticated with check ((select public.is_admin()));
create policy media_texts_admin_update on public.media_texts
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy media_texts_admin_delete on public.media_texts
  for delete to authenticated using ((select public.is_admin()));
