-- One garage identity (docs/decisions/057-one-garage-identity.md): the garage's address, phone
-- and e-mail are edited in « Identité du garage » only. The contact record keeps its fields for
-- any client that reads it, derived here from the identity whoever writes: saving the identity
-- rewrites it, and any write to it is brought back to the identity's values. The same rules are
-- in src/content/garage-address.ts, and the tests compare both.

create schema if not exists private;
revoke all on schema private from public, anon, authenticated;

-- A URL's query component: every byte outside A-Z a-z 0-9 - _ . ~ as %XX (UTF-8).
create or replace function private.url_encode(value text) returns text
language sql immutable
set search_path = ''
as $fn$
  select coalesce(string_agg(
    case when ch ~ '^[A-Za-z0-9_.~-]$' then ch
         else upper(regexp_replace(encode(convert_to(ch, 'UTF8'), 'hex'), '(..)', '%\1', 'g'))
    end, '' order by n), '')
  from regexp_split_to_table(value, '') with ordinality as t(ch, n)
$fn$;

-- The contact record of an identity: « street, postcode city », phone, e-mail, and the map: an
-- OpenStreetMap embed around the coordinates when both are known, else OpenStreetMap's search
-- for the address.
create or replace function private.contact_from_identity(identity jsonb) returns jsonb
language sql immutable
set search_path = ''
as $fn$
  select jsonb_build_object(
    'address', a.line,
    'email', btrim(identity ->> 'email', E' \t\r\n'),
    'phone', btrim(identity ->> 'phone', E' \t\r\n'),
    'mapUrl', case
      when a.lat is not null and a.lon is not null then
        'https://www.openstreetmap.org/export/embed.html?bbox='
          || round(a.lon - 0.005, 6) || '%2C' || round(a.lat - 0.005, 6) || '%2C'
          || round(a.lon + 0.005, 6) || '%2C' || round(a.lat + 0.005, 6)
          || '&layer=mapnik&marker=' || round(a.lat, 6) || '%2C' || round(a.lon, 6)
      else 'https://www.openstreetmap.org/search?query=' || private.url_encode(a.line)
    end)
  from (select
          btrim(identity ->> 'street', E' \t\r\n') || ', '
            || btrim(identity ->> 'postalCode', E' \t\r\n') || ' '
            || btrim(identity ->> 'city', E' \t\r\n') as line,
          case when jsonb_typeof(identity -> 'latitude') = 'number'
               then (identity ->> 'latitude')::numeric end as lat,
          case when jsonb_typeof(identity -> 'longitude') = 'number'
               then (identity ->> 'longitude')::numeric end as lon) a
$fn$;
revoke execute on function private.contact_from_identity(jsonb) from public, anon, authenticated;

-- What the owner is told once, in the back-office, until dismissed: here, which of the two
-- records' details were kept when they were merged. Administrators read and dismiss (delete).
create table if not exists public.admin_notices (
  id text primary key,
  message text not null,
  created_at timestamptz not null default now()
);
alter table public.admin_notices enable row level security;
revoke all on table public.admin_notices from anon, authenticated;
grant select, delete on table public.admin_notices to authenticated;
grant all on table public.admin_notices to service_role;
drop policy if exists admin_notices_admin_read on public.admin_notices;
create policy admin_notices_admin_read on public.admin_notices
  for select to authenticated using ((select public.is_admin()));
drop policy if exists admin_notices_admin_dismiss on public.admin_notices;
create policy admin_notices_admin_dismiss on public.admin_notices
  for delete to authenticated using ((select public.is_admin()));

-- Merging a site's two records: for each detail that differs, the row saved last wins. The
-- contact's one-line address becomes street, postcode and city when it reads like
-- « 12 rue X, 69003 Lyon »; otherwise the identity's address stays and the notice quotes the
-- owner's text.
do $merge$
declare
  ident record;
  cont record;
  contact_newer boolean;
  parsed text[];
  changes jsonb := '{}'::jsonb;
  taken text[] := '{}';
  kept text[] := '{}';
  current_address text;
begin
  select c.content, c.updated_at into ident from public.site_content c where c.type = 'identity';
  select c.content, c.updated_at into cont from public.site_content c where c.type = 'contact';
  if ident.content is null or cont.content is null then
    return;
  end if;
  contact_newer := cont.updated_at > ident.updated_at;

  if btrim(cont.content ->> 'phone') is distinct from btrim(ident.content ->> 'phone') then
    if contact_newer then
      changes := changes || jsonb_build_object('phone', cont.content ->> 'phone');
      taken := taken || format('le téléphone (%s)', cont.content ->> 'phone');
    else
      kept := kept || format('le téléphone (%s)', ident.content ->> 'phone');
    end if;
  end if;

  if btrim(cont.content ->> 'email') is distinct from btrim(ident.content ->> 'email') then
    if contact_newer then
      changes := changes || jsonb_build_object('email', cont.content ->> 'email');
      taken := taken || format('l''e-mail (%s)', cont.content ->> 'email');
    else
      kept := kept || format('l''e-mail (%s)', ident.content ->> 'email');
    end if;
  end if;

  current_address := private.contact_from_identity(ident.content) ->> 'address';
  if regexp_replace(btrim(cont.content ->> 'address'), '\s+', ' ', 'g')
       is distinct from current_address then
    parsed := regexp_match(btrim(cont.content ->> 'address'), '^(.*\S)\s*,\s*(\d{5})\s+(\S.*)$');
    if contact_newer and parsed is not null then
      changes := changes || jsonb_build_object(
        'street', parsed[1], 'postalCode', parsed[2], 'city', parsed[3]);
      taken := taken || format('l''adresse (%s)', cont.content ->> 'address');
    elsif contact_newer then
      kept := kept || format(
        'l''adresse (%s) : celle de la page Contact, « %s », n''a pas pu être découpée en rue, code postal et ville, recopiez-la si elle est la bonne',
        current_address, cont.content ->> 'address');
    else
      kept := kept || format('l''adresse (%s)', current_address);
    end if;
  end if;

  if changes <> '{}'::jsonb then
    update public.site_content set content = content || changes where type = 'identity';
  end if;

  if cardinality(taken) > 0 or cardinality(kept) > 0 then
    insert into public.admin_notices (id, message)
    values ('identity-merge',
      'Les coordonnées de la page Contact et de l''identité du garage ont été réunies : '
      || concat_ws(' ; ',
           case when cardinality(taken) > 0 then
             array_to_string(taken, ', ')
               || case when cardinality(taken) > 1 then ' viennent' else ' vient' end
               || ' de la page Contact, enregistrée en dernier' end,
           case when cardinality(kept) > 0 then
             array_to_string(kept, ', ')
               || case when cardinality(kept) > 1 then ' viennent' else ' vient' end
               || ' de l''identité du garage, enregistrée en dernier' end)
      || '. Elles se modifient désormais dans « Identité du garage ».')
    on conflict (id) do nothing;
  end if;
end
$merge$;

-- Any write to the contact record takes the identity's values (none yet: kept as written).
create or replace function private.contact_follows_identity() returns trigger
language plpgsql security definer
set search_path = ''
as $fn$
declare
  identity jsonb;
begin
  select c.content into identity from public.site_content c where c.type = 'identity';
  if identity is not null then
    new.content := private.contact_from_identity(identity);
  end if;
  return new;
end
$fn$;
revoke execute on function private.contact_follows_identity() from public, anon, authenticated;

-- Named to sort before site_content_check: the check sees the derived content.
drop trigger if exists contact_follows_identity on public.site_content;
create trigger contact_follows_identity before insert or update on public.site_content
  for each row when (new.type = 'contact') execute function private.contact_follows_identity();

-- Saving the identity rewrites the contact record, only when it changes: its history keeps the
-- replaced version and realtime broadcasts one change, as for any save.
create or replace function private.identity_rewrites_contact() returns trigger
language plpgsql security definer
set search_path = ''
as $fn$
declare
  derived jsonb := private.contact_from_identity(new.content);
begin
  update public.site_content c set content = derived
   where c.type = 'contact' and c.content is distinct from derived;
  if not found then
    insert into public.site_content (type, content) values ('contact', derived)
    on conflict (type) do nothing;
  end if;
  return null;
end
$fn$;
revoke execute on function private.identity_rewrites_contact() from public, anon, authenticated;

drop trigger if exists identity_rewrites_contact on public.site_content;
create trigger identity_rewrites_contact after insert or update on public.site_content
  for each row when (new.type = 'identity') execute function private.identity_rewrites_contact();

-- The existing contact record, brought to the (merged) identity.
update public.site_content set content = content where type = 'contact';

-- The request mails name the garage from its identity: name, phone, e-mail and address.
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
    select i.content ->> 'name' as name,
           private.contact_from_identity(i.content) ->> 'phone' as phone,
           private.contact_from_identity(i.content) ->> 'email' as email,
           private.contact_from_identity(i.content) ->> 'address' as address
      from (select (select c.content from public.site_content c where c.type = 'identity') as content) i
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
