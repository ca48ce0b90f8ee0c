-- The home page now renders each section by its `type`. The first default content typed the
-- built-in about and pricing sections `text`; a built-in section (its id names a section type)
-- takes the type of its id. Everything else of each section (title, order, visibility, content,
-- image) and the owner's own sections are kept as they are, in their stored sequence.

update public.site_content
set content = (
  select jsonb_agg(
    case
      when section ->> 'id' in (
        'hero', 'services', 'about', 'hours', 'pricing', 'payment-calculator', 'vehicles',
        'financing', 'blog', 'contact'
      ) and section ->> 'type' is distinct from section ->> 'id'
        then jsonb_set(section, '{type}', to_jsonb(section ->> 'id'))
      else section
    end
    order by position
  )
  from jsonb_array_elements(content) with ordinality as entries(section, position)
)
where type = 'sections'
  and jsonb_typeof(content) = 'array'
  and exists (
    select 1
    from jsonb_array_elements(content) as entries(section)
    where section ->> 'id' in (
      'hero', 'services', 'about', 'hours', 'pricing', 'payment-calculator', 'vehicles',
      'financing', 'blog', 'contact'
    ) and section ->> 'type' is distinct from section ->> 'id'
  );
