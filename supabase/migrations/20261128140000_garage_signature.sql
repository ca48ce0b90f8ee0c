-- The garage as its mails sign it (its name, phone, e-mail and address), read from the identity in
-- one place: the request mails' queue and the new-password mail read it from here.
create or replace function private.garage_signature()
returns table (name text, phone text, email text, address text)
language sql stable
set search_path = ''
as $fn$
  select i.content ->> 'name',
         private.contact_from_identity(i.content) ->> 'phone',
         private.contact_from_identity(i.content) ->> 'email',
         private.contact_from_identity(i.content) ->> 'address'
    from (select (select c.content from public.site_content c where c.type = 'identity') as content) i
$fn$;
revoke execute on function private.garage_signature() from public, anon, authenticated;

create or replace function public.claim_request_mails(batch integer, lease_seconds integer)
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
  )
  select c.id, c.kind, c.attempts, r.id, r.created_at::text, r.name, r.phone, r.email,
         r.vehicle_make, r.vehicle_model, r.vehicle_year, r.plate, r.service, r.preferred_dates,
         r.message, g.name, g.phone, g.email, g.address, c.recipient, c.subject, c.body,
         c.attachments
    from claimed c join public.requests r on r.id = c.request_id
         cross join private.garage_signature() g
   order by c.id
$fn$;
