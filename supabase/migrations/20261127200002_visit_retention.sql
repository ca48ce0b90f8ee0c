-- Visits within the CNIL's audience-measurement exemption (docs/legal.md#privacy): a single visit
-- is kept 25 months at most; older ones survive only as their count per Paris day and page in
-- private.visit_days, which the statistics read, so their five-year range is unchanged.

-- Deletes the visits older than 25 months before `at`, keeping their days' counts, and returns
-- how many went. The delete trigger takes them off their days' counts; the same statement adds
-- them back, so the counts end as they were (docs/decisions/007-statistics-and-freshness-at-scale.md).
-- `at` is for tests with a fixed clock; the jobs pass nothing.
create or replace function public.roll_up_old_visits(at timestamptz default now()) returns integer
language plpgsql volatile security definer
set search_path = ''
as $fn$
declare
  gone integer;
begin
  with deleted as (
    delete from public.visits
     where visited_at < at - interval '25 months'
    returning visited_at, page
  ),
  per_day as (
    select (visited_at at time zone 'Europe/Paris')::date as day, page, count(*) as visits
      from deleted
     group by 1, 2
  ),
  kept as (
    insert into private.visit_days as d (day, page, visits)
    select day, page, visits from per_day order by day, page
    on conflict (day, page) do update set visits = d.visits + excluded.visits
  )
  select coalesce(sum(visits), 0)::integer into gone from per_day;
  return gone;
end
$fn$;
revoke execute on function public.roll_up_old_visits(timestamptz) from public, anon, authenticated;
grant execute on function public.roll_up_old_visits(timestamptz) to service_role;

-- On hosted Supabase, pg_cron rolls up daily (03:50 UTC); the self-hosted server runs the same
-- function at start and daily. Skipped where pg_cron is not available.
do $cron$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron;
    perform cron.schedule('roll-up-old-visits', '50 3 * * *', 'select public.roll_up_old_visits()');
  end if;
exception when others then
  raise notice 'pg_cron unavailable (%); roll_up_old_visits() must be scheduled elsewhere', sqlerrm;
end
$cron$;
