-- Opening hours declared once, with closures and French public holidays
-- (docs/decisions/058-opening-hours.md):
-- - the public holidays and a day's hours in SQL, deciding as src/lib/hours/schedule.ts does, so
--   that submit_request refuses a preferred date when the garage is closed, on every backend;
-- - what JSON Schema cannot say about the hours (a range opens before it closes, the second after
--   the first, a closure ends on or after its first day, dates that exist), checked on every save;
-- - a site's four free texts turned into the structure where they can be read; the words that
--   cannot be read are kept in the note shown under the table, and the day takes the defaults.

-- Easter Sunday by the anonymous Gregorian algorithm (Meeus/Jones/Butcher), as
-- src/lib/hours/holidays.ts computes it.
create or replace function private.easter_sunday(y integer) returns date
language plpgsql immutable
set search_path = ''
as $fn$
declare
  a integer := y % 19;
  b integer := y / 100;
  c integer := y % 100;
  d integer := b / 4;
  e integer := b % 4;
  f integer := (b + 8) / 25;
  g integer := (b - f + 1) / 3;
  h integer := (19 * a + b - d - g + 15) % 30;
  i integer := c / 4;
  k integer := c % 4;
  l integer := (32 + 2 * e + 2 * i - h - k) % 7;
  m integer := (a + 11 * h + 22 * l) / 451;
begin
  return make_date(y, (h + l - 7 * m + 114) / 31, ((h + l - 7 * m + 114) % 31) + 1);
end
$fn$;

-- The French public holiday on `day` (its name, as src/lib/hours/holidays.ts names it), or null.
create or replace function private.public_holiday(day date) returns text
language plpgsql immutable
set search_path = ''
as $fn$
declare
  easter date := private.easter_sunday(extract(year from day)::integer);
  md text := to_char(day, 'MM-DD');
begin
  return case
    when md = '01-01' then 'Jour de l’an'
    when day = easter + 1 then 'Lundi de Pâques'
    when md = '05-01' then 'Fête du Travail'
    when md = '05-08' then 'Victoire 1945'
    when day = easter + 39 then 'Ascension'
    when day = easter + 50 then 'Lundi de Pentecôte'
    when md = '07-14' then 'Fête nationale'
    when md = '08-15' then 'Assomption'
    when md = '11-01' then 'Toussaint'
    when md = '11-11' then 'Armistice 1918'
    when md = '12-25' then 'Noël'
  end;
end
$fn$;

-- The schema's defaults (schemas/hours.schema.json; a test keeps them equal), for a site whose
-- hours row is missing or unreadable: the public page shows these then.
create or replace function private.hours_default() returns jsonb
language sql immutable
set search_path = ''
as $fn$
  select '{"week": {
    "lundi": [{"opens": "09:00", "closes": "13:00"}, {"opens": "14:00", "closes": "18:00"}],
    "mardi": [{"opens": "09:00", "closes": "13:00"}, {"opens": "14:00", "closes": "18:00"}],
    "mercredi": [{"opens": "09:00", "closes": "13:00"}, {"opens": "14:00", "closes": "18:00"}],
    "jeudi": [{"opens": "09:00", "closes": "13:00"}, {"opens": "14:00", "closes": "18:00"}],
    "vendredi": [{"opens": "09:00", "closes": "13:00"}, {"opens": "14:00", "closes": "18:00"}],
    "samedi": [],
    "dimanche": []
  }, "closures": [], "openings": []}'::jsonb
$fn$;

-- 'lundi 25 décembre 2028': French words by hand, whatever the server's locale.
create or replace function private.french_date(day date) returns text
language sql immutable
set search_path = ''
as $fn$
  select (array['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'])
           [extract(isodow from day)::integer]
    || ' ' || extract(day from day)::integer || ' '
    || (array['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août',
              'septembre', 'octobre', 'novembre', 'décembre'])[extract(month from day)::integer]
    || ' ' || extract(year from day)::integer
$fn$;

-- Why the garage is closed on `day` for `moment` ('journee', 'matin', 'apres-midi'), as a
-- sentence for the visitor, or null when it is open. The order of src/lib/hours/schedule.ts: a
-- special opening that day, then a closure, then a public holiday, then the week. The morning
-- needs a range opening before noon, the afternoon one closing after 14:00.
create or replace function private.hours_closed_reason(hours jsonb, day date, moment text)
returns text
language plpgsql stable
set search_path = ''
as $fn$
declare
  ranges jsonb;
  why text;
  holiday text := private.public_holiday(day);
  closure jsonb;
  open_then boolean;
begin
  if hours is null or jsonb_typeof(hours -> 'week') <> 'object' then
    hours := private.hours_default();
  end if;
  select e -> 'ranges' into ranges
    from jsonb_array_elements(coalesce(hours -> 'openings', '[]'::jsonb)) e
   where e ->> 'date' = to_char(day, 'YYYY-MM-DD')
   limit 1;
  if ranges is null then
    select e into closure
      from jsonb_array_elements(coalesce(hours -> 'closures', '[]'::jsonb)) e
     where e ->> 'from' <= to_char(day, 'YYYY-MM-DD') and to_char(day, 'YYYY-MM-DD') <= e ->> 'to'
     limit 1;
    if closure is not null then
      ranges := '[]'::jsonb;
      why := nullif(btrim(coalesce(closure ->> 'label', '')), '');
    elsif holiday is not null then
      ranges := '[]'::jsonb;
      why := holiday;
    else
      ranges := coalesce(hours -> 'week' -> (array['lundi', 'mardi', 'mercredi', 'jeudi',
        'vendredi', 'samedi', 'dimanche'])[extract(isodow from day)::integer], '[]'::jsonb);
    end if;
  end if;
  select case coalesce(moment, 'journee')
           when 'matin' then coalesce(bool_or(r ->> 'opens' < '12:00'), false)
           when 'apres-midi' then coalesce(bool_or(r ->> 'closes' > '14:00'), false)
           else count(*) > 0 end
    into open_then
    from jsonb_array_elements(ranges) r;
  if open_then then
    return null;
  end if;
  if jsonb_array_length(ranges) > 0 then
    return format('Le garage est fermé le %s %s : choisissez un autre jour ou un autre moment.',
                  private.french_date(day),
                  case moment when 'matin' then 'au matin' else 'l''après-midi' end);
  end if;
  return format('Le garage est fermé le %s%s : choisissez un autre jour.',
                private.french_date(day), coalesce(' (' || why || ')', ''));
end
$fn$;
revoke execute on function private.hours_closed_reason(jsonb, date, text) from public, anon, authenticated;

-- '09:00' → '9h00', as the page writes hours.
create or replace function private.hours_clock(t text) returns text
language sql immutable
set search_path = ''
as $fn$
  select ltrim(split_part(t, ':', 1), '0') || 'h' || split_part(t, ':', 2)
$fn$;

-- What JSON Schema cannot say about stored hours, in French, or null. The schema's own check
-- (site_content_check, which runs first) has already vouched for the shape.
create or replace function private.hours_problem(c jsonb) returns text
language plpgsql immutable
set search_path = ''
as $fn$
declare
  day_key text;
  titles text[] := array['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche'];
  keys text[] := array['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'];
  problem text;
  e record;
  n integer;
begin
  for n in 1 .. 7 loop
    day_key := keys[n];
    problem := private.hours_ranges_problem(c -> 'week' -> day_key, format('« %s »', titles[n]));
    if problem is not null then
      return problem;
    end if;
  end loop;
  for e in select value, ordinality from jsonb_array_elements(c -> 'closures') with ordinality loop
    if not private.is_real_date(e.value ->> 'from') then
      return format('Fermeture n°%s : le %s n''existe pas.', e.ordinality, e.value ->> 'from');
    end if;
    if not private.is_real_date(e.value ->> 'to') then
      return format('Fermeture n°%s : le %s n''existe pas.', e.ordinality, e.value ->> 'to');
    end if;
    if e.value ->> 'to' < e.value ->> 'from' then
      return format('Fermeture n°%s : le dernier jour (« Au ») doit être le premier jour ou après.',
                    e.ordinality);
    end if;
  end loop;
  for e in select value, ordinality from jsonb_array_elements(c -> 'openings') with ordinality loop
    if not private.is_real_date(e.value ->> 'date') then
      return format('Ouverture exceptionnelle n°%s : le %s n''existe pas.', e.ordinality,
                    e.value ->> 'date');
    end if;
    problem := private.hours_ranges_problem(e.value -> 'ranges',
                 format('Ouverture exceptionnelle n°%s', e.ordinality));
    if problem is not null then
      return problem;
    end if;
  end loop;
  return null;
end
$fn$;

create or replace function private.is_real_date(value text) returns boolean
language plpgsql immutable
set search_path = ''
as $fn$
begin
  return value is not null and to_char(value::date, 'YYYY-MM-DD') = value;
exception when others then
  return false;
end
$fn$;

-- One day's ranges: each opens before it closes, the second begins after the first ends.
create or replace function private.hours_ranges_problem(ranges jsonb, what text) returns text
language plpgsql immutable
set search_path = ''
as $fn$
declare
  r record;
  previous_close text;
begin
  for r in select value ->> 'opens' as opens, value ->> 'closes' as closes, ordinality as n
             from jsonb_array_elements(coalesce(ranges, '[]'::jsonb)) with ordinality loop
    if r.closes <= r.opens then
      return format('%s, plage %s : la fermeture (%s) doit venir après l''ouverture (%s).', what,
                    r.n, private.hours_clock(r.closes), private.hours_clock(r.opens));
    end if;
    if previous_close is not null and r.opens < previous_close then
      return format('%s : la plage %s doit commencer après la fin de la plage %s (%s).', what,
                    r.n, r.n - 1, private.hours_clock(previous_close));
    end if;
    previous_close := r.closes;
  end loop;
  return null;
end
$fn$;

create or replace function private.check_hours() returns trigger
language plpgsql
set search_path = ''
as $fn$
declare
  problem text := private.hours_problem(new.content);
begin
  if problem is not null then
    raise exception using
      errcode = '23514',
      message = format('Contenu « %s » refusé : %s', new.type, problem),
      hint = 'Corrigez ce champ puis enregistrez à nouveau.';
  end if;
  return new;
end
$fn$;

-- Named to run after site_content_check (triggers run in name order), which checks the shape.
drop trigger if exists site_content_hours_check on public.site_content;
create trigger site_content_hours_check before insert or update on public.site_content
  for each row when (new.type = 'hours') execute function private.check_hours();

-- One day's free text as ranges, by the grammar the site read them with for search engines:
-- « Fermé » → [], « 9h00 - 13h00 et 14h00 - 18h00 », « 8h-12h, 14h30–19h », « 09:00 à 17:30 »;
-- null for anything else (« Sur rendez-vous », overlapping or reversed ranges, more than two).
create or replace function private.hours_from_text(value text) returns jsonb
language plpgsql immutable
set search_path = ''
as $fn$
declare
  part text;
  m text[];
  opens text;
  closes text;
  ranges jsonb := '[]'::jsonb;
  previous_close text;
  time_re constant text := '(\d{1,2})\s*(?:h\s*(\d{2})?|:\s*(\d{2}))';
begin
  if value is null then
    return null;
  end if;
  value := btrim(value);
  if value ~* '^ferm[ée]e?s?\.?$' then
    return '[]'::jsonb;
  end if;
  for part in select p from regexp_split_to_table(value, '\s+et\s+|\s*[,;/]\s*', 'i') p
               where p <> '' loop
    m := regexp_match(btrim(part), '^' || time_re || '\s*(?:-|–|—|à)\s*' || time_re || '$', 'i');
    if m is null or m[1]::integer > 23 or m[4]::integer > 23
       or coalesce(m[2], m[3], '0')::integer > 59 or coalesce(m[5], m[6], '0')::integer > 59 then
      return null;
    end if;
    opens := lpad(m[1], 2, '0') || ':' || coalesce(m[2], m[3], '00');
    closes := lpad(m[4], 2, '0') || ':' || coalesce(m[5], m[6], '00');
    if opens >= closes or (previous_close is not null and opens < previous_close) then
      return null;
    end if;
    ranges := ranges || jsonb_build_array(jsonb_build_object('opens', opens, 'closes', closes));
    previous_close := closes;
  end loop;
  if jsonb_array_length(ranges) = 0 or jsonb_array_length(ranges) > 2 then
    return null;
  end if;
  return ranges;
end
$fn$;

-- The four texts of a site made before the structure, as the structure.
create or replace function private.hours_from_texts(old jsonb) returns jsonb
language plpgsql immutable
set search_path = ''
as $fn$
declare
  defaults jsonb := private.hours_default();
  week jsonb := defaults -> 'week';
  notes text[] := '{}';
  ranges jsonb;
  text_value text;
  line record;
  day_key text;
begin
  for line in select * from (values
      (1, 'weekdays', 'Du lundi au vendredi', array['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi']),
      (2, 'saturday', 'Samedi', array['samedi']),
      (3, 'sunday', 'Dimanche', array['dimanche'])) as t(n, field, label, days)
    order by n loop
    text_value := btrim(coalesce(old ->> line.field, ''));
    ranges := private.hours_from_text(text_value);
    if ranges is null then
      if text_value <> '' then
        notes := notes || (line.label || ' : ' || text_value);
      end if;
    else
      foreach day_key in array line.days loop
        week := jsonb_set(week, array[day_key], ranges);
      end loop;
    end if;
  end loop;
  -- Holidays are closed unless the owner opens one; other words about them are the owner's.
  text_value := btrim(coalesce(old ->> 'holidays', ''));
  if text_value <> '' and private.hours_from_text(text_value) is distinct from '[]'::jsonb then
    notes := notes || ('Jours fériés : ' || text_value);
  end if;
  return jsonb_build_object('week', week, 'closures', '[]'::jsonb, 'openings', '[]'::jsonb)
    || case when cardinality(notes) > 0
            then jsonb_build_object('note', array_to_string(notes, E'\n')) else '{}'::jsonb end;
end
$fn$;

update public.site_content
   set content = private.hours_from_texts(content)
 where type = 'hours' and jsonb_typeof(content) = 'object' and content ? 'weekdays'
   and not content ? 'week';

-- submit_request as 20261127130000_request_abuse.sql left it, and now refusing a preferred date
-- when the garage is closed (the sentence names the day, and the closure or holiday).
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
  wanted_moment text;
  day date;
  hours jsonb;
  closed text;
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
