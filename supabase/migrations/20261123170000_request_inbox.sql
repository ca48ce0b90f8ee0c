-- The owner's request inbox (docs/decisions/038-request-inbox.md): the list with each request's
-- notification state, the requests per period beside the visits, and the mail queue's claim and
-- outcome as functions, so the self-hosted server and the hosted edge function send it alike.

-- The inbox's rows: a request's summary and whether one of its mails was given up. The view runs
-- with the caller's rights (security_invoker), so the tables' RLS keeps it to administrators.
create view public.request_inbox with (security_invoker = true) as
select r.id, r.created_at, r.name, r.vehicle_make, r.vehicle_model, r.vehicle_year, r.service,
       r.status,
       exists (select 1 from public.request_mails m
                where m.request_id = r.id and m.status = 'echec') as mail_failed
  from public.requests r;
revoke all on table public.request_inbox from anon, authenticated;
grant select on table public.request_inbox to authenticated;
grant select on table public.request_inbox to service_role;

-- Requests per period, the same Paris calendar buckets as the visits (private.visit_stats): 30
-- days, 12 weeks, 12 months or 5 years, newest first, periods without requests count 0. Only the
-- requests of those periods are read, through requests_created_at_idx. Requests past their
-- retention are deleted (purge_expired_requests): the oldest periods may count fewer than came.
create or replace function public.get_request_stats(unit text)
returns table (period text, requests bigint)
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
      select date_trunc(unit, now() at time zone 'Europe/Paris') as newest
    ),
    buckets as (
      select bucket
        from bounds,
             generate_series(newest - ((periods - 1) || ' ' || unit)::interval,
                             newest, ('1 ' || unit)::interval) as bucket
    ),
    counted as (
      select date_trunc(unit, r.created_at at time zone 'Europe/Paris') as bucket, count(*) as n
        from public.requests r
       where r.created_at >= ((select min(b.bucket) from buckets b) at time zone 'Europe/Paris')
       group by 1
    )
    select to_char(b.bucket, label), coalesce(c.n, 0)::bigint
      from buckets b
      left join counted c on c.bucket = b.bucket
     order by b.bucket desc;
end
$fn$;
revoke execute on function public.get_request_stats(text) from public, anon, authenticated;
grant execute on function public.get_request_stats(text) to authenticated, service_role;

-- The mail queue's two steps (docs/decisions/033-request-mail-outbox.md), for the service role
-- only: claim the due mails (pushing their next attempt `lease_seconds` ahead, so that no other
-- sender takes them meanwhile) with what their message needs, then record each outcome.
create or replace function public.claim_request_mails(batch integer, lease_seconds integer)
returns table (mail_id bigint, kind text, attempts integer, id uuid, created_at text, name text,
               phone text, email text, vehicle_make text, vehicle_model text,
               vehicle_year integer, plate text, service text, preferred_dates jsonb,
               message text)
language sql volatile security definer
set search_path = ''
as $fn$
  with due as (
    select m.id from public.request_mails m
     where m.status = 'en_attente' and m.next_attempt_at <= now()
     order by m.next_attempt_at, m.id
     limit least(greatest(batch, 1), 100)
     for update skip locked
  ), claimed as (
    update public.request_mails m
       set attempts = m.attempts + 1,
           next_attempt_at = now() + make_interval(secs => lease_seconds)
      from due where m.id = due.id
    returning m.id, m.request_id, m.kind, m.attempts
  )
  select c.id, c.kind, c.attempts, r.id, r.created_at::text, r.name, r.phone, r.email,
         r.vehicle_make, r.vehicle_model, r.vehicle_year, r.plate, r.service, r.preferred_dates,
         r.message
    from claimed c join public.requests r on r.id = c.request_id
   order by c.id
$fn$;
revoke execute on function public.claim_request_mails(integer, integer)
  from public, anon, authenticated;
grant execute on function public.claim_request_mails(integer, integer) to service_role;

-- `error` null: sent. Otherwise retried after `retry_seconds`, or given up (`give_up`).
create or replace function public.record_request_mail(mail_id bigint, error text, give_up boolean,
                                                      retry_seconds integer)
returns void
language sql volatile security definer
set search_path = ''
as $fn$
  update public.request_mails
     set status = case when error is null then 'envoye'
                       when give_up then 'echec' else 'en_attente' end,
         sent_at = case when error is null then now() end,
         last_error = left(error, 1000),
         next_attempt_at = case when error is null then next_attempt_at
                                else now() + make_interval(secs => retry_seconds) end
   where id = mail_id
$fn$;
revoke execute on function public.record_request_mail(bigint, text, boolean, integer)
  from public, anon, authenticated;
grant execute on function public.record_request_mail(bigint, text, boolean, integer) to service_role;
