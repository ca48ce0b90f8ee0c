-- Realtime (docs/decisions/050-realtime.md). Hosted Supabase has the publication
-- `supabase_realtime` (empty) and the table `realtime.messages`; the self-hosted server creates
-- both before the migrations. The tables the back-office follows live are added to the
-- publication: customer requests, site content and blog posts. Who receives what is decided by
-- each table's RLS, per subscriber.
do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;

do $$
declare
  t text;
begin
  foreach t in array array['requests', 'site_content', 'blog_posts'] loop
    if not exists (
      select 1 from pg_publication_tables
       where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = t
    ) then
      execute format('alter publication supabase_realtime add table public.%I', t);
    end if;
  end loop;
end
$$;

-- Private channels (broadcast and presence with `private: true`) are for administrators only:
-- realtime reads these policies with the user's claims and the channel's topic.
create policy realtime_admin_read on realtime.messages
  for select to authenticated using ((select public.is_admin()));
create policy realtime_admin_write on realtime.messages
  for insert to authenticated with check ((select public.is_admin()));
