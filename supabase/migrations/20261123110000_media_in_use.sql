-- A photo still shown on the site cannot be deleted (docs/decisions/024-media-library.md): the
-- bucket's delete policy asks whether any content record or blog cover holds the photo's address.
-- Addresses are matched by their end, `/media/<name>`, so a site that changed its domain is still
-- protected; names are UUIDs, so no other address can end the same way.

create or replace function public.media_in_use(object_name text) returns boolean
language sql stable
set search_path = ''
as $$
  select exists (
    select 1 from public.site_content
    where strpos(content::text, '/media/' || object_name || '"') > 0
  ) or exists (
    select 1 from public.blog_posts
    where image_url like '%/media/' || object_name
  )
$$;
revoke execute on function public.media_in_use(text) from public;
grant execute on function public.media_in_use(text) to authenticated, service_role;

drop policy media_admin_delete on storage.objects;
create policy media_admin_delete on storage.objects
  for delete to authenticated using (
    bucket_id = 'media'
    and (select public.is_admin())
    and not public.media_in_use(name)
  );
