-- Confirming an appointment and the customer's link to cancel it or ask for another day
-- (docs/decisions/076-appointment-confirmation.md).
-- - confirm_appointment: the service role only (the `appointments` function, after checking the
--   caller is an administrator) records the half-day and answers the signed link of the mail;
-- - the link names one request and one purpose, signed with a secret only the database holds
--   (private.secrets), and holds the moment of the confirmation it came with: confirming again
--   makes the previous mail's link worthless. It ends with the appointment's day (Paris);
-- - appointment_link_view / _cancel / _change: the only ways in for the link's holder, showing
--   the appointment's day and half-day and nothing else of the request; they queue the owner's
--   mail (written here, in French), and cancelling works once.

-- « mardi 1 décembre 2026 » (the mails to the owner; the server's locale never matters).
create or replace function private.french_day(day date) returns text
language sql immutable
set search_path = ''
as $fn$
  select (array['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'])
           [extract(isodow from day)::int]
         || ' ' || extract(day from day)::int::text || ' '
         || (array['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août',
                   'septembre', 'octobre', 'novembre', 'décembre'])[extract(month from day)::int]
         || ' ' || extract(year from day)::int::text
$fn$;
revoke execute on function private.french_day(date) from public, anon, authenticated;

-- « mardi 1 décembre 2026, le matin (vers 9h30) ».
create or replace function private.half_day_text(day date, moment text, at_time time)
returns text
language sql immutable
set search_path = ''
as $fn$
  select private.french_day(day)
         || case moment when 'matin' then ', le matin' else ', l''après-midi' end
         || coalesce(' (vers ' || extract(hour from at_time)::int::text || 'h'
                     || to_char(at_time, 'MI') || ')', '')
$fn$;
revoke execute on function private.half_day_text(date, text, time) from public, anon, authenticated;

-- The version of a request's appointment a link was made for: when it was confirmed, to the
-- microsecond. Confirming again changes it, and so ends the links of earlier mails.
create or replace function private.appointment_version(confirmed timestamptz) returns bigint
language sql immutable
set search_path = ''
as $fn$
  select (extract(epoch from confirmed) * 1000000)::bigint
$fn$;
revoke execute on function private.appointment_version(timestamptz) from public, anon, authenticated;

-- The link's token: « <request id>.<purpose>.<version>.<hmac> ».
create or replace function private.appointment_link_token(request_id uuid, purpose text,
                                                          version bigint) returns text
language sql volatile
set search_path = ''
as $fn$
  select request_id::text || '.' || purpose || '.' || version::text || '.' || encode(
    extensions.hmac(convert_to('appointment-link:' || purpose || ':' || request_id::text || ':'
                               || version::text, 'UTF8'),
                    private.secret('appointment-link'), 'sha256'), 'hex')
$fn$;
revoke execute on function private.appointment_link_token(uuid, text, bigint)
  from public, anon, authenticated;

-- The request a token names, when the database signed it for `purpose`, for the appointment the
-- request holds now, and that appointment's day (Paris) has not ended at `at`; otherwise null.
create or replace function private.appointment_link_request(token text, purpose text,
                                                            at timestamptz) returns uuid
language plpgsql volatile
set search_path = ''
as $fn$
declare
  parts text[];
  named uuid;
  found public.requests%rowtype;
begin
  if token is null or length(token) > 200
     or token !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z]{1,20}\.[0-9]{1,20}\.[0-9a-f]{64}$' then
    return null;
  end if;
  parts := string_to_array(token, '.');
  if parts[2] <> purpose then
    return null;
  end if;
  named := parts[1]::uuid;
  if private.appointment_link_token(named, purpose, parts[3]::bigint) <> token then
    return null;
  end if;
  select * into found from public.requests r where r.id = named;
  if found.id is null or found.confirmed_at is null or found.appointment_date is null
     or private.appointment_version(found.confirmed_at) <> parts[3]::bigint
     or at >= ((found.appointment_date + 1)::timestamp at time zone 'Europe/Paris') then
    return null;
  end if;
  return named;
end
$fn$;
revoke execute on function private.appointment_link_request(text, text, timestamptz)
  from public, anon, authenticated;

-- Records the half-day of a request (status « rendez-vous confirmé ») and answers the token of the
-- link for its confirmation mail. The service role only: the `appointments` function checks that
-- its caller is an administrator, then writes the mail with this token.
create or replace function public.confirm_appointment(request_id uuid, day date, moment text,
                                                      at_time time, note text) returns jsonb
language plpgsql volatile security definer
set search_path = ''
as $fn$
declare
  today date := (now() at time zone 'Europe/Paris')::date;
  confirmed timestamptz := clock_timestamp();
begin
  if day is null or day < today or day > today + 366 then
    raise exception using errcode = '22023',
      message = 'Rendez-vous refusé : choisissez un jour à venir, dans l''année.';
  end if;
  if moment is null or moment not in ('matin', 'apres-midi') then
    raise exception using errcode = '22023',
      message = 'Rendez-vous refusé : choisissez le matin ou l''après-midi.';
  end if;
  update public.requests r
     set appointment_date = day, appointment_moment = moment, appointment_time = at_time,
         appointment_note = nullif(btrim(confirm_appointment.note), ''), confirmed_at = confirmed,
         cancelled_at = null, reminded_at = null, status = 'rdv_confirme'
   where r.id = request_id;
  if not found then
    raise exception using errcode = 'P0002', message = 'Demande introuvable : elle a peut-être été supprimée.';
  end if;
  return jsonb_build_object(
    'token', private.appointment_link_token(request_id, 'gerer',
                                            private.appointment_version(confirmed)),
    'confirmed_at', confirmed);
end
$fn$;
revoke execute on function public.confirm_appointment(uuid, date, text, time, text)
  from public, anon, authenticated;
grant execute on function public.confirm_appointment(uuid, date, text, time, text) to service_role;

-- What the link's page shows: the appointment's day and half-day, where it stands, and nothing
-- else of the request (not the name, not the message). Null for a link that is not (or no
-- longer) valid.
create or replace function private.appointment_link_state(request_id uuid) returns jsonb
language sql stable
set search_path = ''
as $fn$
  select jsonb_build_object(
    'state', case r.status when 'rdv_confirme' then 'confirme'
                           when 'a_rappeler' then 'changement'
                           when 'annulee' then 'annule'
                           else 'clos' end,
    'date', r.appointment_date,
    'moment', r.appointment_moment,
    'time', to_char(r.appointment_time, 'HH24:MI'))
    from public.requests r where r.id = request_id
$fn$;
revoke execute on function private.appointment_link_state(uuid) from public, anon, authenticated;

create or replace function public.appointment_link_view(token text) returns jsonb
language sql volatile security definer
set search_path = ''
as $fn$
  select private.appointment_link_state(private.appointment_link_request(token, 'gerer', now()))
$fn$;
revoke execute on function public.appointment_link_view(text) from public, anon, authenticated;
grant execute on function public.appointment_link_view(text) to anon, authenticated, service_role;

-- The customer cancels: the half-day is free again (the load counts confirmed appointments only)
-- and the owner is told. Once: cancelling again changes nothing and sends nothing.
create or replace function public.appointment_link_cancel(token text) returns jsonb
language plpgsql volatile security definer
set search_path = ''
as $fn$
declare
  named uuid := private.appointment_link_request(token, 'gerer', now());
  r public.requests%rowtype;
begin
  if named is null then
    return null;
  end if;
  update public.requests q set status = 'annulee', cancelled_at = now()
   where q.id = named and q.status in ('rdv_confirme', 'a_rappeler')
  returning * into r;
  if r.id is not null then
    insert into public.request_mails (request_id, kind, recipient, subject, body)
    values (r.id, 'annulation', 'proprietaire',
            left('Rendez-vous annulé : ' || r.name, 300),
            r.name || ' a annulé son rendez-vous du '
              || private.half_day_text(r.appointment_date, r.appointment_moment,
                                       r.appointment_time)
              || ', avec le lien de son e-mail de confirmation.'
              || E'\n\nCette demi-journée est de nouveau libre.'
              || E'\n\nTéléphone : ' || coalesce(r.phone, 'non indiqué')
              || E'\nVéhicule : ' || r.vehicle_make || ' ' || r.vehicle_model);
  end if;
  return private.appointment_link_state(named);
end
$fn$;
revoke execute on function public.appointment_link_cancel(text) from public, anon, authenticated;
grant execute on function public.appointment_link_cancel(text) to anon, authenticated, service_role;

-- The customer asks for another day: a short message and up to three half-days they prefer.
-- The owner is told and calls back (status « à rappeler »); the confirmed half-day is free again.
-- Once per confirmation: a second ask changes nothing.
create or replace function public.appointment_link_change(token text, message text,
                                                          wanted jsonb) returns jsonb
language plpgsql volatile security definer
set search_path = ''
as $fn$
declare
  named uuid := private.appointment_link_request(token, 'gerer', now());
  today date := (now() at time zone 'Europe/Paris')::date;
  said text := nullif(btrim(coalesce(message, '')), '');
  item jsonb;
  day date;
  lines text := '';
  r public.requests%rowtype;
begin
  if named is null then
    return null;
  end if;
  if said is not null and (char_length(said) > 500 or said ~ '[\x01-\x09\x0b-\x1f\x7f\u202a-\u202e\u2066-\u2069]') then
    raise exception using errcode = '22023',
      message = 'Demande refusée : le message doit faire 500 caractères au plus, sans caractères spéciaux.';
  end if;
  if wanted is null then
    wanted := '[]'::jsonb;
  end if;
  if jsonb_typeof(wanted) <> 'array' or jsonb_array_length(wanted) > 3 then
    raise exception using errcode = '22023',
      message = 'Demande refusée : proposez trois demi-journées au plus.';
  end if;
  for item in select value from jsonb_array_elements(wanted) loop
    begin
      day := (item ->> 'date')::date;
    exception when others then
      day := null;
    end;
    if day is null or to_char(day, 'YYYY-MM-DD') <> item ->> 'date'
       or coalesce(item ->> 'moment', '') not in ('matin', 'apres-midi')
       or day < today or day > today + 366 then
      raise exception using errcode = '22023',
        message = 'Demande refusée : choisissez des demi-journées à venir, dans l''année.';
    end if;
    lines := lines || E'\n- ' || private.half_day_text(day, item ->> 'moment', null);
  end loop;
  if said is null and lines = '' then
    raise exception using errcode = '22023',
      message = 'Demande refusée : écrivez un message ou choisissez au moins une demi-journée.';
  end if;

  update public.requests q set status = 'a_rappeler'
   where q.id = named and q.status = 'rdv_confirme'
  returning * into r;
  if r.id is not null then
    insert into public.request_mails (request_id, kind, recipient, subject, body)
    values (r.id, 'changement', 'proprietaire',
            left('Demande d''un autre jour : ' || r.name, 300),
            r.name || ' demande un autre jour que le '
              || private.half_day_text(r.appointment_date, r.appointment_moment,
                                       r.appointment_time)
              || '. La demande est passée « à rappeler » : appelez pour convenir d''un autre rendez-vous.'
              || case when lines <> '' then E'\n\nDemi-journées souhaitées :' || lines else '' end
              || coalesce(E'\n\nSon message :\n' || said, '')
              || E'\n\nTéléphone : ' || coalesce(r.phone, 'non indiqué'));
  end if;
  return private.appointment_link_state(named);
end
$fn$;
revoke execute on function public.appointment_link_change(text, text, jsonb)
  from public, anon, authenticated;
grant execute on function public.appointment_link_change(text, text, jsonb)
  to anon, authenticated, service_role;
