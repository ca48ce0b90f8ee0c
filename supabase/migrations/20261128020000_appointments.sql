-- From a request to an appointment (docs/decisions/074-appointments-foundation.md): the statuses
-- follow the job, a request can hold the half-day it was confirmed for, records where the visitor
-- came from, and its mails are no longer only the two a new request sends: the product also
-- confirms, reminds, answers and passes on cancellations, each mail written when it is queued
-- (subject, text, calendar file) and sent by the same queue, with the same retries and the same
-- delivery state shown on the request.

-- The statuses, in the order of the job: nouvelle → à rappeler → rendez-vous confirmé → véhicule
-- reçu → terminée, or annulée / non venu; « archivée » stays for the owner's tidying.
alter table public.requests drop constraint requests_status;
update public.requests set status = 'a_rappeler' where status = 'en_cours';
update public.requests set status = 'terminee' where status = 'traitee';
alter table public.requests add constraint requests_status check (status in (
  'nouvelle', 'a_rappeler', 'rdv_confirme', 'vehicule_recu', 'terminee', 'annulee', 'non_venu',
  'archivee'));

alter table public.requests
  -- Where the visitor came from, as a category only (no address, no cookie, nothing about them).
  add column source text constraint requests_source check (source in (
    'moteur_de_recherche', 'google_maps', 'reseau_social', 'autre_site', 'direct', 'campagne')),
  -- A campaign's name (its link's utm_source), for the « campagne » category only.
  add column source_campaign text constraint requests_source_campaign check (
    source_campaign is null or (source_campaign ~ '^[a-z0-9._-]{1,60}$' and source = 'campagne')),
  -- The appointment: a half-day (and a time when the owner gives one), with a note for the customer.
  add column appointment_date date,
  add column appointment_moment text
    constraint requests_appointment_moment check (appointment_moment in ('matin', 'apres-midi')),
  add column appointment_time time,
  add column appointment_note text
    constraint requests_appointment_note_length check (char_length(appointment_note) <= 1000),
  add column confirmed_at timestamptz,
  add column reminded_at timestamptz,
  add column cancelled_at timestamptz,
  add constraint requests_appointment_whole check (
    (appointment_date is null) = (appointment_moment is null)
    and (appointment_time is null or appointment_date is not null));

-- The half-days' load (capacity) and the week's agenda read appointments by day.
create index requests_appointment_idx on public.requests (appointment_date, appointment_moment)
  where appointment_date is not null;

-- The mails. A kind names why a mail is sent; the mails other than the two of a new request are
-- written when queued, and sent to the customer (the request's e-mail) or to the owner
-- (NOTIFY_EMAIL). The garage's signature is added when sending, from the identity of that moment.
alter table public.request_mails drop constraint request_mails_kind;
alter table public.request_mails add constraint request_mails_kind check (kind in (
  'proprietaire', 'accuse_reception', 'confirmation', 'rappel', 'reponse', 'annulation',
  'changement'));
alter table public.request_mails drop constraint request_mails_one_of_each;
create unique index request_mails_one_of_each
  on public.request_mails (request_id, kind) where kind in ('proprietaire', 'accuse_reception');
alter table public.request_mails
  add column created_at timestamptz not null default now(),
  add column recipient text constraint request_mails_recipient check (recipient in ('client', 'proprietaire')),
  add column subject text constraint request_mails_subject_length check (char_length(subject) <= 300),
  add column body text constraint request_mails_body_length check (char_length(body) <= 20000),
  -- At most a few small files: [{ "filename", "contentType", "content" (text) }].
  add column attachments jsonb constraint request_mails_attachments check (
    jsonb_typeof(attachments) = 'array' and jsonb_array_length(attachments) <= 3
    and octet_length(attachments::text) <= 100000),
  add constraint request_mails_written check (
    kind in ('proprietaire', 'accuse_reception')
    or (recipient is not null and subject is not null and body is not null));

-- The queue hands each claimed mail with what it needs to be sent.
drop function if exists public.claim_request_mails(integer, integer);
create function public.claim_request_mails(batch integer, lease_seconds integer)
returns table (mail_id bigint, kind text, attempts integer, id uuid, created_at text, name text,
               phone text, email text, vehicle_make text, vehicle_model text,
               vehicle_year integer, plate text, service text, preferred_dates jsonb,
               message text, garage_name text, garage_phone text, garage_email text,
               garage_address text, recipient text, subject text, body text, attachments jsonb)
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
    returning m.id, m.request_id, m.kind, m.attempts, m.recipient, m.subject, m.body,
              m.attachments
  ), garage as (
    select i.content ->> 'name' as name,
           private.contact_from_identity(i.content) ->> 'phone' as phone,
           private.contact_from_identity(i.content) ->> 'email' as email,
           private.contact_from_identity(i.content) ->> 'address' as address
      from (select (select c.content from public.site_content c where c.type = 'identity') as content) i
  )
  select c.id, c.kind, c.attempts, r.id, r.created_at::text, r.name, r.phone, r.email,
         r.vehicle_make, r.vehicle_model, r.vehicle_year, r.plate, r.service, r.preferred_dates,
         r.message, g.name, g.phone, g.email, g.address, c.recipient, c.subject, c.body,
         c.attachments
    from claimed c join public.requests r on r.id = c.request_id cross join garage g
   order by c.id
$fn$;
revoke execute on function public.claim_request_mails(integer, integer)
  from public, anon, authenticated;
grant execute on function public.claim_request_mails(integer, integer) to service_role;

-- The way in for visitors, now keeping where they came from: `source` (a category the page
-- computed from the referring page and the landing address) and `campagne` (a campaign's name).
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
  wanted_moment text;
  day date;
  hours jsonb;
  closed text;
  new_id uuid;
  came_from text;
  campaign text;
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
  -- Where the visitor came from: a category the page computed (no cookie, nothing about the
  -- person), and a campaign's name; anything else is dropped rather than refused, since a
  -- visitor cannot fix it.
  came_from := case when payload ->> 'source' in ('moteur_de_recherche', 'google_maps',
                      'reseau_social', 'autre_site', 'direct', 'campagne')
                    then payload ->> 'source' end;
  campaign := case when came_from = 'campagne'
                     and coalesce(payload ->> 'campagne', '') ~ '^[A-Za-z0-9._-]{1,60}$'
                   then lower(payload ->> 'campagne') end;
  if came_from = 'campagne' and campaign is null then
    came_from := null;
  end if;
  doc := payload - 'website' - 'started_at' - 'source' - 'campagne';
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
  select c.content into hours from public.site_content c where c.type = 'hours';
  for wanted, wanted_moment in select d ->> 'date', d ->> 'moment'
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
    -- A day the garage is closed (the week, a closure, a public holiday not opened, or the
    -- half-day chosen), as the hours section shows it.
    closed := private.hours_closed_reason(hours, day, wanted_moment);
    if closed is not null then
      raise exception using errcode = '23514',
        message = 'Demande refusée : « Dates souhaitées » : ' || closed,
        hint = 'Choisissez un autre jour puis envoyez à nouveau.';
    end if;
  end loop;

  insert into public.requests (name, phone, email, vehicle_make, vehicle_model, vehicle_year,
                               plate, service, preferred_dates, message, consent, source,
                               source_campaign)
  values (doc ->> 'name', doc ->> 'phone', doc ->> 'email', doc ->> 'vehicle_make',
          doc ->> 'vehicle_model', (doc ->> 'vehicle_year')::integer, doc ->> 'plate',
          doc ->> 'service', coalesce(doc -> 'preferred_dates', '[]'::jsonb), doc ->> 'message',
          (doc ->> 'consent')::boolean, came_from, campaign)
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
