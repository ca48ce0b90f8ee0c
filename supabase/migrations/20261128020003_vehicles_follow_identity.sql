-- The vehicles partner's slideshow address is part of the garage's identity
-- (docs/decisions/081-partner-addresses-in-identity.md), edited in « Identité du garage » only,
-- like the address, phone and e-mail. The vehicles record keeps its `iframeUrl` for any client
-- that reads it, derived here from the identity whoever writes.

-- The identity takes the address the owner typed in « Véhicules » (the only place it was kept
-- until now); a site without a vehicles record keeps the example address of the identity's
-- defaults, shown as still to complete.
update public.site_content i
   set content = i.content || jsonb_build_object('vehiclesSlideshowUrl', v.content ->> 'iframeUrl')
  from public.site_content v
 where i.type = 'identity' and v.type = 'vehicles'
   and jsonb_typeof(v.content -> 'iframeUrl') = 'string'
   and i.content ->> 'vehiclesSlideshowUrl' is distinct from v.content ->> 'iframeUrl';
update public.site_content
   set content = content || jsonb_build_object('vehiclesSlideshowUrl',
                              'https://diaporama.partenaire-vehicules.fr/garage')
 where type = 'identity' and not content ? 'vehiclesSlideshowUrl';

-- Any write to the vehicles record takes the identity's address. Named to sort before
-- site_content_check, so that the check sees the derived content.
create or replace function private.vehicles_follow_identity() returns trigger
language plpgsql security definer
set search_path = ''
as $fn$
declare
  url jsonb;
begin
  select c.content -> 'vehiclesSlideshowUrl' into url
    from public.site_content c where c.type = 'identity';
  if jsonb_typeof(url) = 'string' and jsonb_typeof(new.content) = 'object' then
    new.content := jsonb_set(new.content, '{iframeUrl}', url);
  end if;
  return new;
end
$fn$;
revoke execute on function private.vehicles_follow_identity() from public, anon, authenticated;

drop trigger if exists content_vehicles_follow_identity on public.site_content;
create trigger content_vehicles_follow_identity before insert or update on public.site_content
  for each row when (new.type = 'vehicles') execute function private.vehicles_follow_identity();

-- Saving the identity rewrites the vehicles record's address, only when it changes: its history
-- keeps the replaced version and realtime broadcasts one change, as for any save.
create or replace function private.identity_rewrites_vehicles() returns trigger
language plpgsql security definer
set search_path = ''
as $fn$
begin
  if jsonb_typeof(new.content -> 'vehiclesSlideshowUrl') = 'string' then
    update public.site_content c
       set content = jsonb_set(c.content, '{iframeUrl}', new.content -> 'vehiclesSlideshowUrl')
     where c.type = 'vehicles'
       and c.content -> 'iframeUrl' is distinct from new.content -> 'vehiclesSlideshowUrl';
  end if;
  return null;
end
$fn$;
revoke execute on function private.identity_rewrites_vehicles() from public, anon, authenticated;

drop trigger if exists identity_rewrites_vehicles on public.site_content;
create trigger identity_rewrites_vehicles after insert or update on public.site_content
  for each row when (new.type = 'identity') execute function private.identity_rewrites_vehicles();

-- The vehicles record of today, brought to the identity.
update public.site_content set content = content where type = 'vehicles';
