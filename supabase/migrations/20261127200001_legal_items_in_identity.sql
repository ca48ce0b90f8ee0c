-- The legal pages' mandatory items now come from the garage's identity
-- (docs/decisions/060-legal-items-from-identity.md): the director of publication and the host move
-- from the `legal` content into the identity, and the two pages' stored texts shipped as defaults
-- become the new defaults, which hold no placeholders. Texts the owner wrote are kept as written.

-- A placeholder of the identity written in the old director or host text, filled as the page did.
create function pg_temp.filled(text text, identity jsonb) returns text
language sql immutable
as $fn$
  select btrim(
    regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
      text,
      '\{\{\s*nom\s*\}\}', coalesce(identity ->> 'name', ''), 'g'),
      '\{\{\s*forme_juridique\s*\}\}', coalesce(identity ->> 'legalForm', ''), 'g'),
      '\{\{\s*siret\s*\}\}', coalesce(identity ->> 'siret', ''), 'g'),
      '\{\{\s*adresse\s*\}\}',
      concat_ws(', ', identity ->> 'street', concat_ws(' ', identity ->> 'postalCode', identity ->> 'city')), 'g'),
      '\{\{\s*telephone\s*\}\}', coalesce(identity ->> 'phone', ''), 'g'),
      '\{\{\s*email\s*\}\}', coalesce(identity ->> 'email', ''), 'g'))
$fn$;

-- The host as one text becomes its name, address and phone when its lines (or, on one line, its
-- commas) end with a phone number after at least a name and an address; otherwise it all stays
-- the host's name, for the owner to split in « Identité du garage ».
create function pg_temp.host_parts(text text) returns jsonb
language plpgsql immutable
as $fn$
declare
  parts text[];
  n integer;
begin
  select coalesce(array_agg(btrim(p) order by i), '{}') into parts
    from regexp_split_to_table(text, '\r?\n') with ordinality as lines(p, i)
   where btrim(p) <> '';
  if coalesce(array_length(parts, 1), 0) = 1 then
    select coalesce(array_agg(btrim(p) order by i), '{}') into parts
      from regexp_split_to_table(parts[1], ',') with ordinality as pieces(p, i)
     where btrim(p) <> '';
  end if;
  n := coalesce(array_length(parts, 1), 0);
  if n = 0 then
    return '{}'::jsonb;
  end if;
  if n >= 3 and parts[n] ~ '^\+?[0-9][0-9 .()-]{5,}$' then
    return jsonb_build_object('name', parts[1], 'address', array_to_string(parts[2:n - 1], ', '),
                              'phone', parts[n]);
  end if;
  return jsonb_build_object('name', array_to_string(parts, ', '));
end
$fn$;

-- A site that saved its legal pages but never its identity gets the identity's defaults first,
-- which the browser showed anyway, so that the director and host have somewhere to go.
insert into public.site_content (type, content)
select 'identity', '{"name":"Garage indépendant","tagline":"entretien et réparation toutes marques","legalForm":"SARL","siret":"000 000 000 00000","street":"1 rue de la République","postalCode":"69001","city":"Lyon","phone":"04 00 00 00 00","email":"contact@garage-exemple.fr","logo":"/favicon.svg","socialLinks":[],"financingSimulatorUrl":"https://simulateur.partenaire-financement.fr/","description":"Garage automobile indépendant : entretien, réparation, diagnostic et pneumatiques toutes marques. Horaires, tarifs, financement et contact.","host":{}}'::jsonb
 where exists (select 1 from public.site_content where type = 'legal')
on conflict (type) do nothing;

-- The director, unless it is the old default or the identity already names one.
with moved as (
  select pg_temp.filled(l.content ->> 'director', i.content) as director
    from public.site_content l, public.site_content i
   where l.type = 'legal' and i.type = 'identity'
     and jsonb_typeof(l.content -> 'director') = 'string'
     and l.content ->> 'director' <> 'Le gérant de {{nom}}'
)
update public.site_content s
   set content = jsonb_set(s.content, '{director}', to_jsonb(m.director))
  from moved m
 where s.type = 'identity'
   and m.director ~ '\S'
   and coalesce(s.content ->> 'director', '') !~ '\S';

-- The host, unless it is the old default or the identity already has one.
with moved as (
  select pg_temp.host_parts(pg_temp.filled(l.content ->> 'host', i.content)) as host
    from public.site_content l, public.site_content i
   where l.type = 'legal' and i.type = 'identity'
     and jsonb_typeof(l.content -> 'host') = 'string'
     and l.content ->> 'host' <> 'Le nom, l''adresse et le téléphone de votre hébergeur.'
)
update public.site_content s
   set content = jsonb_set(s.content, '{host}', m.host)
  from moved m
 where s.type = 'identity'
   and m.host <> '{}'::jsonb
   and coalesce(s.content -> 'host', '{}'::jsonb) = '{}'::jsonb;

-- The legal pages keep only their texts; the ones still as shipped become the new defaults.
update public.site_content
   set content = jsonb_build_object(
         'mentions',
         case when content ->> 'mentions' = '## Éditeur du site

Le site est édité par **{{nom}}**, {{forme_juridique}}, SIRET {{siret}}.

- Adresse : {{adresse}}
- Téléphone : {{telephone}}
- E-mail : {{email}}

## Directeur de la publication

{{directeur}}

## Hébergeur

{{hebergeur}}

## Propriété intellectuelle

Les textes et images de ce site appartiennent à {{nom}} ou à leurs auteurs. Toute reproduction sans autorisation est interdite.

## Contact

Pour toute question sur ce site, écrivez à {{email}} ou appelez le {{telephone}}.'
              then '## Propriété intellectuelle

Les textes et images de ce site appartiennent au garage ou à leurs auteurs. Toute reproduction sans autorisation est interdite.'
              else content ->> 'mentions' end,
         'privacy',
         case when content ->> 'privacy' = '## Qui est responsable de vos données ?

{{nom}}, {{forme_juridique}}, SIRET {{siret}}, {{adresse}}.

## Ce que ce site enregistre

- **Aucun cookie** : ce site n''en dépose pas, ni pour la mesure d''audience ni pour la publicité.
- **Mesure d''audience** : à chaque visite de la page d''accueil, le site enregistre seulement le nom de la page et l''heure. Ni votre adresse IP, ni votre navigateur, ni rien qui permette de vous reconnaître.
- **Sur votre appareil** : votre navigateur garde l''heure de votre dernière visite comptée (pour ne pas la compter deux fois) et la fenêtre d''information que vous avez fermée (pour ne pas la rouvrir). Ces informations ne quittent pas votre appareil ; vous pouvez les effacer avec les données de navigation.

## Vos échanges avec nous

Ce que vous nous envoyez par e-mail ou par téléphone sert uniquement à vous répondre et n''est jamais cédé à des tiers.

## Vos demandes de devis ou de rendez-vous

- **Ce qui est enregistré** : uniquement ce que vous saisissez dans le formulaire « Demander un devis ou un rendez-vous » (nom, téléphone ou e-mail, véhicule, besoin, dates souhaitées, message) et votre accord. Ni votre adresse IP, ni votre navigateur.
- **Pourquoi** : pour répondre à votre demande (devis, rendez-vous), et rien d''autre : ni prospection, ni cession à des tiers.
- **Combien de temps** : 24 mois après l''envoi de la demande, puis elle est effacée automatiquement.
- **Qui la voit** : seulement le garage, {{nom}}.
- **L''effacer plus tôt** : écrivez à {{email}} ou appelez le {{telephone}} ; votre demande est supprimée sans délai.

## Vos droits

Vous pouvez demander l''accès, la rectification ou l''effacement des données vous concernant en écrivant à {{email}}. Vous pouvez aussi saisir la CNIL (www.cnil.fr).

## Contact

{{nom}} – {{adresse}} – {{telephone}} – {{email}}'
              then '## Vos échanges avec nous

Ce que vous nous envoyez par e-mail ou par téléphone sert uniquement à vous répondre et n''est jamais cédé à des tiers.'
              else content ->> 'privacy' end)
 where type = 'legal'
   and jsonb_typeof(content -> 'mentions') = 'string'
   and jsonb_typeof(content -> 'privacy') = 'string';
