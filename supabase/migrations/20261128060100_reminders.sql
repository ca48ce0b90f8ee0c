-- The reminder the day before an appointment, and the statuses counted
-- (docs/decisions/077-reminders.md): the customer with an e-mail is reminded once, at the owner's
-- reminder hour (Paris time) the day before, by a mail written here and sent by the request
-- mails' queue; the inbox shows who was reminded; the owner's figures count appointments by
-- status (no-shows per month).

-- '' for an empty or missing text, else the text trimmed, for the mail's lines.
create or replace function private.reminder_text(value text) returns text
language sql immutable
set search_path = ''
as $fn$
  select coalesce(btrim(value, E' \t\r\n'), '')
$fn$;
revoke execute on function private.reminder_text(text) from public, anon, authenticated;

-- The reminder's subject and text, in French, for one request. No signature: the queue adds the
-- garage's own when it sends (docs/decisions/074-appointments-foundation.md).
create or replace function private.reminder_mail(
  customer text, vehicle text, day date, moment text, at_time time, note text, identity jsonb,
  same_day boolean)
returns table (subject text, body text)
language sql stable
set search_path = ''
as $fn$
  with garage as (
    select coalesce(nullif(private.reminder_text(identity ->> 'name'), ''), 'le garage') as name,
           private.reminder_text(private.contact_from_identity(identity) ->> 'address') as address,
           private.reminder_text(private.contact_from_identity(identity) ->> 'phone') as phone
  ), words as (
    select private.french_date(day)
             || case moment when 'matin' then ', le matin' else ', l''après-midi' end
             || coalesce(', à ' || private.hours_clock(to_char(at_time, 'HH24:MI')), '')
             as moment
  )
  select format('Rappel : votre rendez-vous du %s chez %s',
                private.french_date(day), g.name),
         concat_ws(E'\n\n',
           format('Bonjour %s,', customer),
           format('Nous vous rappelons votre rendez-vous chez %s le %s.', g.name, w.moment),
           concat_ws(E'\n',
             'Véhicule : ' || vehicle,
             'Adresse : ' || nullif(regexp_replace(g.address, '^[ ,]+$', ''), ''),
             'Téléphone : ' || nullif(g.phone, '')),
           'Note du garage : ' || nullif(private.reminder_text(note), ''),
           case when g.phone <> ''
                then format('Un empêchement ? Prévenez-nous au %s.', g.phone)
                else 'Un empêchement ? Prévenez-nous en répondant à cet e-mail.' end,
           case when same_day then 'À tout à l''heure !' else 'À demain !' end)
    from garage g, words w
$fn$;
revoke execute on function private.reminder_mail(text, text, date, text, time, text, jsonb, boolean)
  from public, anon, authenticated;

-- Queues the reminders due at `clock` and returns how many. Due: a confirmed appointment
-- (rdv_confirme) with a customer e-mail, not reminded yet, whose reminder hour the day before
-- (appointments.reminderTime, Paris time, 18:00 by default) has passed and which has not started
-- (its time, else 00:00 for the morning and 12:00 for the afternoon, so that a late pass never
-- reminds of a visit already under way). A server that was down catches up with what is still to
-- come, never after. An appointment confirmed after its reminder hour is not reminded: the
-- confirmation just sent says the same. `reminded_at` is set in the same statement as the mail
-- is written, on rows locked FOR UPDATE SKIP LOCKED: any number of processes calling this at
-- once queue one reminder per appointment.
create or replace function public.queue_reminders(clock timestamptz) returns integer
language plpgsql volatile security definer
set search_path = ''
as $fn$
declare
  reminder_time time;
  identity jsonb;
  today date := (clock at time zone 'Europe/Paris')::date;
  queued integer;
begin
  select case when c.content ->> 'reminderTime' ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
              then (c.content ->> 'reminderTime')::time end
    into reminder_time
    from public.site_content c where c.type = 'appointments';
  reminder_time := coalesce(reminder_time, '18:00'::time);
  select c.content into identity from public.site_content c where c.type = 'identity';

  with due as (
    select r.id from public.requests r
     where r.status = 'rdv_confirme'
       and r.reminded_at is null
       and r.email is not null
       -- Through requests_appointment_idx: only today's and tomorrow's appointments are read.
       and r.appointment_date between today and today + 1
       and clock >= ((r.appointment_date - 1) + reminder_time) at time zone 'Europe/Paris'
       and clock < (r.appointment_date + coalesce(r.appointment_time,
                     case r.appointment_moment when 'matin' then '00:00'::time
                          else '12:00'::time end)) at time zone 'Europe/Paris'
       and (r.confirmed_at is null
            or r.confirmed_at < ((r.appointment_date - 1) + reminder_time)
                                at time zone 'Europe/Paris')
     order by r.appointment_date, r.appointment_moment, r.id
     limit 200
     for update of r skip locked
  ), reminded as (
    update public.requests r set reminded_at = clock
      from due where r.id = due.id
    returning r.id, r.name, r.vehicle_make, r.vehicle_model, r.appointment_date,
              r.appointment_moment, r.appointment_time, r.appointment_note
  ), queued_mails as (
    insert into public.request_mails (request_id, kind, recipient, subject, body)
    select r.id, 'rappel', 'client', m.subject, m.body
      from reminded r
      cross join lateral private.reminder_mail(
        r.name, r.vehicle_make || ' ' || r.vehicle_model, r.appointment_date,
        r.appointment_moment, r.appointment_time, r.appointment_note, identity,
        r.appointment_date = today) m
    returning 1
  )
  select count(*)::integer into queued from queued_mails;
  return queued;
end
$fn$;
revoke execute on function public.queue_reminders(timestamptz) from public, anon, authenticated;
grant execute on function public.queue_reminders(timestamptz) to service_role;

-- On hosted Supabase, pg_cron looks every five minutes; the inserted mails are sent by the
-- request-mails function (its webhook on request_mails, README). The self-hosted server runs the
-- same function on a timer (REMINDER_INTERVAL_MS). Skipped where pg_cron is not available.
do $cron$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron;
    perform cron.schedule('queue-reminders', '*/5 * * * *', 'select public.queue_reminders(now())');
  end if;
exception when others then
  raise notice 'pg_cron unavailable (%); queue_reminders() must be scheduled elsewhere', sqlerrm;
end
$cron$;

-- The inbox's rows also say whether the customer was reminded, and how that mail stands.
create or replace view public.request_inbox with (security_invoker = true) as
select r.id, r.created_at, r.name, r.vehicle_make, r.vehicle_model, r.vehicle_year, r.service,
       r.status,
       exists (select 1 from public.request_mails m
                where m.request_id = r.id and m.status = 'echec') as mail_failed,
       r.reminded_at,
       (select m.status from public.request_mails m
         where m.request_id = r.id and m.kind = 'rappel'
         order by m.id desc limit 1) as reminder_status
  from public.requests r;

-- Appointments of [from_day, to_day) counted by status, for the owner's figures (no-shows of a
-- month…): one row per status present. Administrators only.
create or replace function public.count_requests_by_status(from_day date, to_day date)
returns table (status text, requests bigint)
language plpgsql stable security definer
set search_path = ''
as $fn$
begin
  perform private.require_admin();
  return query
    select r.status, count(*)::bigint
      from public.requests r
     where r.appointment_date >= from_day and r.appointment_date < to_day
     group by r.status
     order by r.status;
end
$fn$;
revoke execute on function public.count_requests_by_status(date, date)
  from public, anon, authenticated;
grant execute on function public.count_requests_by_status(date, date) to authenticated, service_role;
