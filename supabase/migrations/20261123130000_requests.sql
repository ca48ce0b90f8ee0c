-- Quote and appointment requests (docs/product.md#quote-and-appointment-requests,
-- docs/decisions/032-requests.md). A visitor adds a request through public.submit_request only,
-- which checks every field (with the generated check of schemas/forms/request.schema.json, also
-- enforced on every row by the trigger of the content checks migration), the anti-spam rules, and
-- queues the notification mails. Administrators read, update (status and note) and delete
-- requests; nobody else reads them. Nothing is kept about the visitor beyond what they typed.

create schema if not exists private;
revoke all on schema private from public, anon, authenticated;

create table public.requests (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- What the visitor typed (checked against the form's schema).
  name text not null,
  phone text,
  email text,
  vehicle_make text not null,
  vehicle_model text not null,
  vehicle_year integer not null,
  plate text,
  service text not null,
  preferred_dates jsonb not null default '[]'::jsonb,
  message text,
  consent boolean not null,
  -- The owner's handling.
  status text not null default 'nouvelle'
    constraint requests_status check (status in ('nouvelle', 'en_cours', 'traitee', 'archivee')),
  note text constraint requests_note_length check (char_length(note) <= 5000)
);
-- The inbox, newest first; the new ones (badge, dashboard); the retention purge.
create index requests_created_at_idx on public.requests (created_at desc);
create index requests_new_idx on public.requests (created_at desc) where status = 'nouvelle';

create trigger requests_touch before update on public.requests
  for each row execute function public.touch_updated_at();

alter table public.requests enable row level security;
revoke all on table public.requests from anon, authenticated;
grant select, delete on table public.requests to authenticated;
grant update (status, note) on table public.requests to authenticated;
grant all on table public.requests to service_role;

create policy requests_admin_read on public.requests
  for select to authenticated using ((select public.is_admin()));
create policy requests_admin_update on public.requests
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy requests_admin_delete on public.requests
  for delete to authenticated using ((select public.is_admin()));

-- The mails a request sends (the owner's notification, the visitor's acknowledgement), sent in the
-- background by the server (server/mail/outbox.ts) with retries: a mail server down never blocks
-- nor fails a request, and the inbox shows the mails that could not be sent. The recipients are
-- not stored here: the owner's address is the server's NOTIFY_EMAIL, the visitor's is the request's.
create table public.request_mails (
  id bigint generated always as identity primary key,
  request_id uuid not null references public.requests (id) on delete cascade,
  kind text not null
    constraint request_mails_kind check (kind in ('proprietaire', 'accuse_reception')),
  -- en_attente: to send (again at next_attempt_at); envoye: sent; echec: given up after retries.
  status text not null default 'en_attente'
    constraint request_mails_status check (status in ('en_attente', 'envoye', 'echec')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text constraint request_mails_error_length check (char_length(last_error) <= 1000),
  sent_at timestamptz,
  constraint request_mails_one_of_each unique (request_id, kind)
);
create index request_mails_due_idx on public.request_mails (next_attempt_at)
  where status = 'en_attente';

alter table public.request_mails enable row level security;
revoke all on table public.request_mails from anon, authenticated;
grant select on table public.request_mails to authenticated;
grant all on table public.request_mails to service_role;

create policy request_mails_admin_read on public.request_mails
  for select to authenticated using ((select public.is_admin()));

-- The one way in for visitors. `payload` holds the form's fields (schemas/forms/request.schema.json),
-- plus `website`, a field hidden from people (filled: a robot; answered as a success, nothing
-- stored) and `started_at`, when the form was shown (milliseconds since 1970): a form sent less
-- than 3 seconds after is refused. The per-address limit is applied before this function, by the
-- server (server/limits), since the database never sees nor keeps the visitor's address.
-- Returns the new request's id, or null for a robot.
create or replace function public.submit_request(payload jsonb) returns uuid
language plpgsql volatile security definer
set search_path = ''
as $fn$
declare
  doc jsonb;
  problem text;
  started numeric;
  services jsonb;
  wanted text;
  day date;
  new_id uuid;
begin
  if payload is null or jsonb_typeof(payload) <> 'object' then
    raise exception using errcode = '22023',
      message = 'Demande refusée : le formulaire est vide.',
      hint = 'Remplissez le formulaire puis envoyez-le.';
  end if;

  -- The honeypot: people never see this field, robots fill every field.
  if coalesce(btrim(payload ->> 'website'), '') <> '' then
    return null;
  end if;

  -- The minimum fill time.
  started := case when jsonb_typeof(payload -> 'started_at') = 'number'
                  then (payload ->> 'started_at')::numeric end;
  if started is null
     or started > extract(epoch from now()) * 1000 + 60000
     or started > extract(epoch from now()) * 1000 - 3000 then
    raise exception using errcode = '22023',
      message = 'Demande refusée : le formulaire a été envoyé trop vite.',
      hint = 'Vérifiez vos informations, puis envoyez à nouveau.';
  end if;

  -- Surrounding spaces are not kept; blank optional fields count as not given.
  doc := payload - 'website' - 'started_at';
  doc := (select coalesce(jsonb_object_agg(key,
            case when jsonb_typeof(value) <> 'string' then value
                 when btrim(value #>> '{}') = '' and key in ('phone', 'email', 'plate', 'message')
                   then 'null'::jsonb
                 else to_jsonb(btrim(value #>> '{}')) end), '{}'::jsonb)
          from jsonb_each(doc));

  problem := private.form_problem_request(doc);
  if problem is not null then
    raise exception using errcode = '23514',
      message = 'Demande refusée : ' || ltrim(problem, ' :'),
      hint = 'Corrigez ce champ puis envoyez à nouveau.';
  end if;

  -- What is needed: one of the services the site shows, or « Autre ».
  select c.content -> 'servicesList' into services
    from public.site_content c where c.type = 'services';
  if doc ->> 'service' <> 'Autre'
     and not coalesce(services @> jsonb_build_array(doc ->> 'service'), false) then
    raise exception using errcode = '23514',
      message = 'Demande refusée : « Besoin » : choisissez une des prestations proposées, ou « Autre ».',
      hint = 'Corrigez ce champ puis envoyez à nouveau.';
  end if;

  -- Preferred dates: days that exist (not 31 February), to come, within a year (Paris time).
  for wanted in select d ->> 'date'
                  from jsonb_array_elements(coalesce(doc -> 'preferred_dates', '[]'::jsonb)) d loop
    begin
      day := wanted::date;
    exception when others then
      day := null;
    end;
    if day is null or to_char(day, 'YYYY-MM-DD') <> wanted then
      raise exception using errcode = '23514',
        message = format('Demande refusée : « Dates souhaitées » : le %s n''existe pas.', wanted),
        hint = 'Corrigez ce champ puis envoyez à nouveau.';
    end if;
    if day < (now() at time zone 'Europe/Paris')::date
       or day > (now() at time zone 'Europe/Paris')::date + 366 then
      raise exception using errcode = '23514',
        message = 'Demande refusée : « Dates souhaitées » : choisissez des jours à venir, dans l''année.',
        hint = 'Corrigez ce champ puis envoyez à nouveau.';
    end if;
  end loop;

  insert into public.requests (name, phone, email, vehicle_make, vehicle_model, vehicle_year,
                               plate, service, preferred_dates, message, consent)
  values (doc ->> 'name', doc ->> 'phone', doc ->> 'email', doc ->> 'vehicle_make',
          doc ->> 'vehicle_model', (doc ->> 'vehicle_year')::integer, doc ->> 'plate',
          doc ->> 'service', coalesce(doc -> 'preferred_dates', '[]'::jsonb), doc ->> 'message',
          (doc ->> 'consent')::boolean)
  returning id into new_id;

  insert into public.request_mails (request_id, kind) values (new_id, 'proprietaire');
  if doc ->> 'email' is not null then
    insert into public.request_mails (request_id, kind) values (new_id, 'accuse_reception');
  end if;
  return new_id;
end
$fn$;
revoke execute on function public.submit_request(jsonb) from public, anon, authenticated;
grant execute on function public.submit_request(jsonb) to anon, authenticated, service_role;

-- Retention (docs/product.md#quote-and-appointment-requests): requests older than
-- `retention_months` go, with their mails. Run daily by the server (REQUEST_RETENTION_MONTHS).
create or replace function public.purge_expired_requests(retention_months integer) returns integer
language sql volatile security definer
set search_path = ''
as $fn$
  with gone as (
    delete from public.requests
     where created_at < now() - make_interval(months => greatest(retention_months, 1))
    returning 1
  )
  select count(*)::integer from gone
$fn$;
revoke execute on function public.purge_expired_requests(integer) from public, anon, authenticated;
grant execute on function public.purge_expired_requests(integer) to service_role;

-- On hosted Supabase, pg_cron purges daily (03:45 UTC) with the default retention of 24 months
-- (change the job to keep requests for another period); the self-hosted server runs the same
-- function at start and daily with REQUEST_RETENTION_MONTHS. Skipped where pg_cron is not available.
do $cron$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron;
    perform cron.schedule('purge-expired-requests', '45 3 * * *',
                          'select public.purge_expired_requests(24)');
  end if;
exception when others then
  raise notice 'pg_cron unavailable (%); purge_expired_requests() must be scheduled elsewhere', sqlerrm;
end
$cron$;
