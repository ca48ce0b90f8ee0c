-- Visit statistics that stay fast however many visits are stored (docs/decisions/007-statistics-and-freshness-at-scale.md).
-- Every statistics period starts at a Europe/Paris midnight, so a count per Paris day answers
-- every unit exactly. Triggers keep that count equal to what `public.visits` holds, whoever writes
-- it; the statistics functions read only the count, never the visits.

create schema if not exists private;
revoke all on schema private from public, anon, authenticated;

-- One row per Paris day and page visited that day: a date, a page name and a number, nothing
-- about any visitor. Only the functions below (running as the owner) read or write it.
create table private.visit_days (
  day date not null,
  page text not null,
  visits bigint not null constraint visit_days_visits_counted check (visits >= 0),
  primary key (day, page)
);
alter table private.visit_days enable row level security;
revoke all on table private.visit_days from public, anon, authenticated, service_role;

-- Statement-level triggers see a whole statement's rows at once: a bulk insert adds one row per
-- day and page, not one update per visit. Rows are locked in key order so that two statements
-- counting the same days cannot deadlock.
create or replace function private.visit_days_count_inserted() returns trigger
language plpgsql security definer
set search_path = ''
as $fn$
begin
  insert into private.visit_days as d (day, page, visits)
  select (v.visited_at at time zone 'Europe/Paris')::date, v.page, count(*)
    from new_visits v
   group by 1, 2
   order by 1, 2
  on conflict (day, page) do update set visits = d.visits + excluded.visits;
  return null;
end
$fn$;

create or replace function private.visit_days_count_deleted() returns trigger
language plpgsql security definer
set search_path = ''
as $fn$
begin
  update private.visit_days d
     set visits = d.visits - gone.visits
    from (select (v.visited_at at time zone 'Europe/Paris')::date as day, v.page, count(*) as visits
            from old_visits v
           group by 1, 2) gone
   where d.day = gone.day and d.page = gone.page;
  delete from private.visit_days where visits = 0;
  return null;
end
$fn$;

-- A visit moved to another time or page leaves its old day and joins its new one.
create or replace function private.visit_days_count_updated() returns trigger
language plpgsql security definer
set search_path = ''
as $fn$
begin
  update private.visit_days d
     set visits = d.visits - gone.visits
    from (select (v.visited_at at time zone 'Europe/Paris')::date as day, v.page, count(*) as visits
            from old_visits v
           group by 1, 2) gone
   where d.day = gone.day and d.page = gone.page;
  insert into private.visit_days as d (day, page, visits)
  select (v.visited_at at time zone 'Europe/Paris')::date, v.page, count(*)
    from new_visits v
   group by 1, 2
   order by 1, 2
  on conflict (day, page) do update set visits = d.visits + excluded.visits;
  delete from private.visit_days where visits = 0;
  return null;
end
$fn$;

create or replace function private.visit_days_count_truncated() returns trigger
language plpgsql security definer
set search_path = ''
as $fn$
begin
  truncate private.visit_days;
  return null;
end
$fn$;

revoke execute on function private.visit_days_count_inserted(), private.visit_days_count_deleted(),
  private.visit_days_count_updated(), private.visit_days_count_truncated() from public, anon, authenticated;

-- No visit may be written between the count of the existing ones and the triggers taking over.
lock table public.visits in share row exclusive mode;

create trigger visits_count_inserted after insert on public.visits
  referencing new table as new_visits
  for each statement execute function private.visit_days_count_inserted();
create trigger visits_count_deleted after delete on public.visits
  referencing old table as old_visits
  for each statement execute function private.visit_days_count_deleted();
create trigger visits_count_updated after update on public.visits
  referencing old table as old_visits new table as new_visits
  for each statement execute function private.visit_days_count_updated();
create trigger visits_count_truncated after truncate on public.visits
  for each statement execute function private.visit_days_count_truncated();

-- The visits stored before this migration.
insert into private.visit_days (day, page, visits)
select (visited_at at time zone 'Europe/Paris')::date, page, count(*)
  from public.visits
 group by 1, 2;

-- Same signature, same rows as before: buckets are Paris calendar periods, periods without visits
-- count 0, newest first. A bucket gathers the days from its first to the next bucket's first.
-- JIT stays off: on PostgreSQL its compilation cost more than the whole query.
create or replace function private.visit_stats(unit text, periods integer, label text)
returns table (period text, visits bigint)
language sql stable
set search_path = ''
set jit = off
as $$
  with bounds as (
    select date_trunc(unit, now() at time zone 'Europe/Paris') as newest
  ),
  buckets as (
    select bucket
      from bounds,
           generate_series(newest - ((periods - 1) || ' ' || unit)::interval, newest, ('1 ' || unit)::interval) as bucket
  ),
  counted as (
    select date_trunc(unit, d.day::timestamp) as bucket, sum(d.visits)::bigint as visits
      from private.visit_days d
     where d.day >= (select min(bucket) from buckets)::date
       and d.day < (select max(bucket) + ('1 ' || unit)::interval from buckets)::date
     group by 1
  )
  select to_char(b.bucket, label) as period, coalesce(c.visits, 0) as visits
    from buckets b
    left join counted c on c.bucket = b.bucket
   order by b.bucket desc
$$;
revoke execute on function private.visit_stats(text, integer, text) from public, anon, authenticated;
