-- The services carousel first shipped with alternative texts that named a trade ("Diagnostic
-- électronique sur valise") rather than what each picture shows. A site still carrying one of
-- them, on its shipped picture, gets the picture's description; every text the owner wrote, and
-- every slide the owner changed, is kept as it is, in its place.

with fixes (image, old_alt, new_alt) as (
  values
    ('/images/service-entretien.svg', 'Mécanicien effectuant l''entretien d''un moteur',
     'Bidon d''huile moteur à étiquette jaune, une goutte d''huile tombant de son bec'),
    ('/images/service-freins.svg', 'Contrôle des disques et plaquettes de frein',
     'Disque de frein vu de face, son étrier jaune posé sur le bord'),
    ('/images/service-diagnostic.svg', 'Diagnostic électronique sur valise',
     'Écran d''ordinateur de diagnostic affichant une courbe, relié par un câble à une prise')
)
update public.site_content
set content = jsonb_set(content, '{carouselImages}', (
  select jsonb_agg(
    coalesce(
      (select jsonb_set(slide, '{alt}', to_jsonb(f.new_alt))
       from fixes f
       where slide ->> 'image' = f.image and slide ->> 'alt' = f.old_alt),
      slide
    )
    order by position
  )
  from jsonb_array_elements(content -> 'carouselImages') with ordinality as slides(slide, position)
))
where type = 'services'
  and jsonb_typeof(content -> 'carouselImages') = 'array'
  and exists (
    select 1
    from jsonb_array_elements(content -> 'carouselImages') as slides(slide), fixes f
    where slide ->> 'image' = f.image and slide ->> 'alt' = f.old_alt
  );
