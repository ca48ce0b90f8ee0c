-- Where requests come from, per period, beside the visits (docs/decisions/078-agenda-figures-sources.md):
-- the statistics page's table of sources. The same periods as get_request_stats (Paris time,
-- newest first); only the sources a period has, with « inconnue » for requests that carry none
-- (older requests, or a page that could not tell). Administrators only.
create or replace function public.get_request_sources(unit text)
returns table (period text, source text, requests bigint)
language plpgsql stable security definer
set search_path = ''
as $fn$
declare
  periods integer;
  label text;
begin
  perform private.require_admin();
  case unit
    when 'day' then periods := 30; label := 'YYYY-MM-DD';
    when 'week' then periods := 12; label := 'IYYY-"S"IW';
    when 'month' then periods := 12; label := 'YYYY-MM';
    when 'year' then periods := 5; label := 'YYYY';
    else raise exception using errcode = '22023',
      message = 'Période inconnue : choisissez day, week, month ou year.';
  end case;
  return query
    with bounds as (
      select date_trunc(unit, now() at time zone 'Europe/Paris')
             - ((periods - 1) || ' ' || unit)::interval as oldest
    )
    select to_char(date_trunc(unit, r.created_at at time zone 'Europe/Paris'), label),
           coalesce(r.source, 'inconnue'), count(*)::bigint
      from public.requests r, bounds b
     where r.created_at >= (b.oldest at time zone 'Europe/Paris')
     group by 1, 2, date_trunc(unit, r.created_at at time zone 'Europe/Paris')
     order by date_trunc(unit, r.created_at at time zone 'Europe/Paris') desc, 2;
end
$fn$;
revoke execute on function public.get_request_sources(text) from public, anon, authenticated;
grant execute on function public.get_request_sources(text) to authenticated, service_role;
