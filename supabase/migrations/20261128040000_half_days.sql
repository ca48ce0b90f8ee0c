-- Appointments by half-day (docs/decisions/075-capacity-in-half-days.md): the owner says how many
-- vehicles the workshop takes each half-day of the week (the `appointments` content); a half-day
-- whose confirmed appointments reach that number is full. The request form offers only the
-- half-days that are open and not full, and submit_request refuses a full one.

-- The schema's defaults (schemas/appointments.schema.json; a test keeps them equal), for a site
-- whose appointments row is missing: the public form offers these then.
create or replace function private.appointments_default() returns jsonb
language sql immutable
set search_path = ''
as $fn$
  select '{"capacity": {
    "lundi": {"matin": 3, "apres-midi": 3},
    "mardi": {"matin": 3, "apres-midi": 3},
    "mercredi": {"matin": 3, "apres-midi": 3},
    "jeudi": {"matin": 3, "apres-midi": 3},
    "vendredi": {"matin": 3, "apres-midi": 3},
    "samedi": {"matin": 2, "apres-midi": 0},
    "dimanche": {"matin": 0, "apres-midi": 0}
  }, "reminderTime": "18:00"}'::jsonb
$fn$;

-- The appointments that take a place in the workshop: confirmed, or the vehicle already there.
create or replace function private.half_day_booked(day date, moment text) returns integer
language sql stable
set search_path = ''
as $fn$
  select count(*)::integer from public.requests r
   where r.appointment_date = day and r.appointment_moment = moment
     and r.status in ('rdv_confirme', 'vehicule_recu')
$fn$;
revoke execute on function private.half_day_booked(date, text) from public, anon, authenticated;

-- How many vehicles the owner takes on that weekday's half-day (0: none offered).
create or replace function private.half_day_capacity(appointments jsonb, day date, moment text)
returns integer
language sql stable
set search_path = ''
as $fn$
  select coalesce((coalesce(appointments, private.appointments_default()) -> 'capacity'
           -> (array['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'])
                [extract(isodow from day)::integer] ->> moment)::integer, 0)
$fn$;
revoke execute on function private.half_day_capacity(jsonb, date, text)
  from public, anon, authenticated;

-- The load of the half-days from `from_day` to `to_day` (62 days at most): how many appointments
-- take each one, and nothing else (no request, no name). Visitors call it, so that the form offers
-- only the half-days with room left.
create or replace function public.half_day_load(from_day date, to_day date)
returns table (day date, moment text, booked integer)
language sql stable security definer
set search_path = ''
as $fn$
  select r.appointment_date, r.appointment_moment, count(*)::integer
    from public.requests r
   where r.status in ('rdv_confirme', 'vehicule_recu')
     and r.appointment_date >= from_day
     and r.appointment_date <= least(to_day, from_day + 62)
   group by r.appointment_date, r.appointment_moment
   order by r.appointment_date, r.appointment_moment
$fn$;
revoke execute on function public.half_day_load(date, date) from public, anon, authenticated;
grant execute on function public.half_day_load(date, date) to anon, authenticated, service_role;

-- Why a visitor cannot ask for that half-day although the garage is open then, or null: the owner
-- takes no appointment then, or it is full. For the whole day, when neither half-day has room.
create or replace function private.half_day_full_reason(
  hours jsonb, appointments jsonb, day date, moment text)
returns text
language plpgsql stable
set search_path = ''
as $fn$
declare
  half text;
  offered boolean := false;
begin
  if moment in ('matin', 'apres-midi') then
    if private.half_day_capacity(appointments, day, moment) = 0 then
      return format('Le garage ne prend pas de rendez-vous le %s %s : choisissez une autre demi-journée.',
                    private.french_date(day),
                    case moment when 'matin' then 'matin' else 'après-midi' end);
    end if;
    if private.half_day_booked(day, moment) >= private.half_day_capacity(appointments, day, moment) then
      return format('Le %s %s est complet : choisissez une autre demi-journée.',
                    private.french_date(day),
                    case moment when 'matin' then 'matin' else 'après-midi' end);
    end if;
    return null;
  end if;
  foreach half in array array['matin', 'apres-midi'] loop
    if private.hours_closed_reason(hours, day, half) is null
       and private.half_day_booked(day, half) < private.half_day_capacity(appointments, day, half) then
      return null;
    end if;
    offered := offered or private.half_day_capacity(appointments, day, half) > 0;
  end loop;
  if not offered then
    return format('Le garage ne prend pas de rendez-vous le %s : choisissez un autre jour.',
                  private.french_date(day));
  end if;
  return format('Le %s est complet : choisissez un autre jour.', private.french_date(day));
end
$fn$;
revoke execute on function private.half_day_full_reason(jsonb, jsonb, date, text)
  from public, anon, authenticated;

-- The way in for visitors (latest definition: 20261128020000_appointments.sql), now also refusing
-- a half-day that is full or on which the owner takes no appointment.
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
  appointments jsonb;
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
  -- form offers the half-days of the coming 30 days that are open and not full
  -- (src/lib/hours/half-days.ts); a later day stays accepted (075-capacity-in-half-days.md).
  select c.content into hours from public.site_content c where c.type = 'hours';
  select c.content into appointments from public.site_content c where c.type = 'appointments';
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
    -- half-day chosen), as the hours section shows it; then a half-day with no room left.
    closed := coalesce(private.hours_closed_reason(hours, day, wanted_moment),
                       private.half_day_full_reason(hours, appointments, day, wanted_moment));
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
