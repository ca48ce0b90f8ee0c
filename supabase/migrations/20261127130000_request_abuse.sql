-- Closing the request form to abuse (docs/decisions/045-request-form-abuse.md):
-- - the form's start time is signed by the database (an HMAC under a secret only it holds), so the
--   minimum fill time cannot be forged by a client; the database issues the signed start
--   (request_form_start) and checks it (submit_request), the same on hosted Supabase and on the
--   self-hosted server;
-- - a robot filling the hidden field gets the same answer as a stored request (an id);
-- - the visitor's acknowledgement goes at most once per recipient address and day (the address is
--   kept only as an HMAC, for the day), and carries none of the visitor's words;
-- - the form's mistakes say what to do.

-- Secrets the database keeps for itself: nobody but the database's own functions reads them.
create table if not exists private.secrets (
  name text primary key,
  value bytea not null
);
revoke all on table private.secrets from public, anon, authenticated;

-- The secret named `secret_name`, made on first use (a restored or new database makes its own:
-- forms shown before then are simply shown again).
create or replace function private.secret(secret_name text) returns bytea
language plpgsql volatile
set search_path = ''
as $fn$
declare
  found bytea;
begin
  select s.value into found from private.secrets s where s.name = secret_name;
  if found is null then
    insert into private.secrets (name, value)
    values (secret_name, extensions.gen_random_bytes(32))
    on conflict (name) do nothing;
    select s.value into found from private.secrets s where s.name = secret_name;
  end if;
  return found;
end
$fn$;
revoke execute on function private.secret(text) from public, anon, authenticated;

-- The signed start of a form shown at `started_ms` (milliseconds since 1970): « <ms>.<hmac> ».
create or replace function private.request_form_token(started_ms bigint) returns text
language sql volatile
set search_path = ''
as $fn$
  select started_ms::text || '.' || encode(
    extensions.hmac(convert_to('request-form-start:' || started_ms::text, 'UTF8'),
                    private.secret('request-form'), 'sha256'), 'hex')
$fn$;
revoke execute on function private.request_form_token(bigint) from public, anon, authenticated;

-- When a signed start says the form was shown (milliseconds since 1970), or null when `token` is
-- not one the database signed.
create or replace function private.request_form_started(token text) returns bigint
language plpgsql volatile
set search_path = ''
as $fn$
declare
  started bigint;
begin
  if token is null or token !~ '^[0-9]{1,15}\.[0-9a-f]{64}$' then
    return null;
  end if;
  started := split_part(token, '.', 1)::bigint;
  if private.request_form_token(started) <> token then
    return null;
  end if;
  return started;
end
$fn$;
revoke execute on function private.request_form_started(text) from public, anon, authenticated;

-- Called when the form is shown (by the server as it renders the page, by the browser when it
-- opens the form without the server): the signed start of the minimum fill time.
create or replace function public.request_form_start() returns text
language sql volatile security definer
set search_path = ''
as $fn$
  select private.request_form_token(floor(extract(epoch from clock_timestamp()) * 1000)::bigint)
$fn$;
revoke execute on function public.request_form_start() from public, anon, authenticated;
grant execute on function public.request_form_start() to anon, authenticated, service_role;

-- The recipients acknowledged today (Paris time), as an HMAC of their address: one
-- acknowledgement per address and day, whatever the number of requests, processes or clients.
create table if not exists private.acknowledged_recipients (
  recipient text primary key,
  day date not null
);
revoke all on table private.acknowledged_recipients from public, anon, authenticated;

-- True when `email` gets an acknowledgement for a request made now, and remembers it for the day.
create or replace function private.first_acknowledgement_today(email text) returns boolean
language plpgsql volatile
set search_path = ''
as $fn$
declare
  today date := (now() at time zone 'Europe/Paris')::date;
  recipient text := encode(
    extensions.hmac(convert_to('acknowledged:' || lower(btrim(email)), 'UTF8'),
                    private.secret('request-form'), 'sha256'), 'hex');
  taken integer;
begin
  delete from private.acknowledged_recipients a where a.day < today;
  insert into private.acknowledged_recipients (recipient, day) values (recipient, today)
    on conflict do nothing;
  get diagnostics taken = row_count;
  return taken = 1;
end
$fn$;
revoke execute on function private.first_acknowledgement_today(text) from public, anon, authenticated;

-- The one way in for visitors (docs/decisions/032-requests.md). `payload` holds the form's fields
-- (schemas/forms/request.schema.json), plus `website`, a field hidden from people (filled: a
-- robot; answered as a stored request, nothing stored) and `started_at`, the signed start that
-- request_form_start gave when the form was shown: a form sent less than 3 seconds after is
-- refused, and so is one whose start the database did not sign (« expired »: the form that shows
-- this refusal takes a new start, so sending again a few seconds later works). The per-address limit is
-- applied before this function, by the server (server/limits), since the database never sees nor
-- keeps the visitor's address. Returns the new request's id.
create or replace function public.submit_request(payload jsonb) returns uuid
language plpgsql volatile security definer
set search_path = ''
as $fn$
declare
  doc jsonb;
  problem text;
  started bigint;
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

  -- The honeypot: people never see this field, robots fill every field. The answer looks like a
  -- stored request's, so a robot learns nothing.
  if coalesce(btrim(payload ->> 'website'), '') <> '' then
    return gen_random_uuid();
  end if;

  -- The minimum fill time, from a start only the database can sign.
  started := case when jsonb_typeof(payload -> 'started_at') = 'string'
                  then private.request_form_started(payload ->> 'started_at') end;
  if started is null or started > extract(epoch from now()) * 1000 + 60000 then
    raise exception using errcode = '22023',
      message = 'Demande refusée : le formulaire a expiré. Attendez quelques secondes, puis envoyez-le à nouveau.',
      hint = 'Attendez quelques secondes, puis envoyez à nouveau.';
  end if;
  if started > extract(epoch from now()) * 1000 - 3000 then
    raise exception using errcode = '22023',
      message = 'Demande refusée : le formulaire a été envoyé trop vite. Attendez quelques secondes, puis envoyez-le à nouveau.',
      hint = 'Attendez quelques secondes, puis envoyez à nouveau.';
  end if;

  -- Surrounding spaces are not kept; blank optional fields count as not given.
  doc := payload - 'website' - 'started_at';
  doc := (select coalesce(jsonb_object_agg(key,
            case when jsonb_typeof(value) <> 'string' then value
                 when btrim(value #>> '{}') = '' and key in ('phone', 'email', 'plate', 'message')
                   then 'null'::jsonb
                 else to_jsonb(btrim(value #>> '{}')) end), '{}'::jsonb)
          from jsonb_each(doc));

  -- The schema's check, control characters and direction overrides included.
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

  -- Preferred dates: days that exist (not 31 February), to come, within a year (Paris time). The
  -- form's date fields offer the same days (src/site/request/preferred-days.ts).
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
  -- Anyone may type anyone's address: it is acknowledged once a day at most.
  if doc ->> 'email' is not null and private.first_acknowledgement_today(doc ->> 'email') then
    insert into public.request_mails (request_id, kind) values (new_id, 'accuse_reception');
  end if;
  return new_id;
end
$fn$;
revoke execute on function public.submit_request(jsonb) from public, anon, authenticated;
grant execute on function public.submit_request(jsonb) to anon, authenticated, service_role;

-- The due mails, now with the garage's own name and contact: the visitor's acknowledgement says
-- only the garage's words (docs/decisions/045-request-form-abuse.md).
drop function if exists public.claim_request_mails(integer, integer);
create function public.claim_request_mails(batch integer, lease_seconds integer)
returns table (mail_id bigint, kind text, attempts integer, id uuid, created_at text, name text,
               phone text, email text, vehicle_make text, vehicle_model text,
               vehicle_year integer, plate text, service text, preferred_dates jsonb,
               message text, garage_name text, garage_phone text, garage_email text,
               garage_address text)
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
  ), garage as (
    select (select c.content ->> 'name' from public.site_content c where c.type = 'identity') as name,
           (select c.content ->> 'phone' from public.site_content c where c.type = 'contact') as phone,
           (select c.content ->> 'email' from public.site_content c where c.type = 'contact') as email,
           (select c.content ->> 'address' from public.site_content c where c.type = 'contact') as address
  )
  select c.id, c.kind, c.attempts, r.id, r.created_at::text, r.name, r.phone, r.email,
         r.vehicle_make, r.vehicle_model, r.vehicle_year, r.plate, r.service, r.preferred_dates,
         r.message, g.name, g.phone, g.email, g.address
    from claimed c join public.requests r on r.id = c.request_id cross join garage g
   order by c.id
$fn$;
revoke execute on function public.claim_request_mails(integer, integer)
  from public, anon, authenticated;
grant execute on function public.claim_request_mails(integer, integer) to service_role;
