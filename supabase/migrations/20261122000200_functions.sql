-- Remote procedures called by the site (docs/product.md#backend-calls) and by the scheduler.

-- Article views (docs/decisions/015-article-views.md): visitors may call it; only published
-- posts count.
create or replace function public.increment_views(post_slug text) returns integer
language sql volatile security definer
set search_path = ''
as $$
  update public.blog_posts
     set views = coalesce(views, 0) + 1
   where slug = post_slug
     and published_at is not null
     and published_at <= now()
  returning views
$$;
revoke execute on function public.increment_views(text) from public, anon, authenticated;
grant execute on function public.increment_views(text) to anon, authenticated, service_role;

-- Scheduled posts (docs/decisions/011-scheduled-posts.md): a due post takes its scheduled date
-- as publication date.
create or replace function public.publish_due_posts() returns integer
language sql volatile security definer
set search_path = ''
as $$
  with published as (
    update public.blog_posts
       set published_at = scheduled_at
     where published_at is null
       and scheduled_at is not null
       and scheduled_at <= now()
    returning 1
  )
  select count(*)::integer from published
$$;
revoke execute on function public.publish_due_posts() from public, anon, authenticated;
grant execute on function public.publish_due_posts() to service_role;

-- Visit statistics (docs/decisions/014-visits-and-statistics.md): Europe/Paris buckets, empty
-- periods included, newest first, administrators only. The shared body lives outside the API's
-- schema.
create schema if not exists private;
revoke all on schema private from public, anon, authenticated;

create or replace function private.visit_stats(unit text, periods integer, label text)
returns table (period text, visits bigint)
language sql stable
set search_path = ''
as $$
  with bounds as (
    select date_trunc(unit, now() at time zone 'Europe/Paris') as newest
  ),
  buckets as (
    select bucket, bucket + ('1 ' || unit)::interval as bucket_end
      from bounds,
           generate_series(newest - ((periods - 1) || ' ' || unit)::interval, newest, ('1 ' || unit)::interval) as bucket
  )
  select to_char(b.bucket, label) as period, count(v.id) as visits
    from buckets b
    left join public.visits v
      on v.visited_at >= (b.bucket at time zone 'Europe/Paris')
     and v.visited_at < (b.bucket_end at time zone 'Europe/Paris')
   group by b.bucket
   order by b.bucket desc
$$;
revoke execute on function private.visit_stats(text, integer, text) from public, anon, authenticated;

create or replace function private.require_admin() returns void
language plpgsql stable
set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'Statistiques réservées aux administrateurs'
      using errcode = '42501', hint = 'Connectez-vous avec un compte administrateur.';
  end if;
end
$$;
revoke execute on function private.require_admin() from public, anon, authenticated;

create or replace function public.get_daily_stats() returns table (period text, visits bigint)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  return query select * from private.visit_stats('day', 30, 'YYYY-MM-DD');
end
$$;

create or replace function public.get_weekly_stats() returns table (period text, visits bigint)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  return query select * from private.visit_stats('week', 12, 'IYYY-"S"IW');
end
$$;

create or replace function public.get_monthly_stats() returns table (period text, visits bigint)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  return query select * from private.visit_stats('month', 12, 'YYYY-MM');
end
$$;

create or replace function public.get_yearly_stats() returns table (period text, visits bigint)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  return query select * from private.visit_stats('year', 5, 'YYYY');
end
$$;

revoke execute on function public.get_daily_stats(), public.get_weekly_stats(),
  public.get_monthly_stats(), public.get_yearly_stats() from public, anon, authenticated;
grant execute on function public.get_daily_stats(), public.get_weekly_stats(),
  public.get_monthly_stats(), public.get_yearly_stats() to authenticated, service_role;

-- On hosted Supabase, pg_cron publishes due posts every minute; the self-hosted server runs the
-- same function on a timer. Skipped where pg_cron is not available.
do $cron$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron;
    perform cron.schedule('publish-due-posts', '* * * * *', 'select public.publish_due_posts()');
  end if;
exception when others then
  raise notice 'pg_cron unavailable (%); publish_due_posts() must be scheduled elsewhere', sqlerrm;
end
$cron$;
