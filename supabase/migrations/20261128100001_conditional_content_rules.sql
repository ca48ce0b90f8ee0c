-- Rules now declared in schemas/ and checked by the database (20261128100000_content_checks.sql)
-- were only the back-office form's before, so a site may hold content they refuse. Such content is
-- brought within them here, nothing the owner wrote being lost; the check itself decides what is
-- refused, so these statements never restate its rules. A row that breaks another rule as well is
-- left as it is (updating it would be refused).

-- A pop-up switched on without a title or a message, an alert switched on without a message:
-- switched off, their texts kept for the owner to finish. The public site reads them as invalid
-- content from now on, and shows neither.
update public.site_content
set content = jsonb_set(content, '{active}', 'false'::jsonb)
where type in ('modal', 'alert')
  and jsonb_typeof(content) = 'object'
  and private.site_content_problem(type, content) is not null
  and private.site_content_problem(type, jsonb_set(content, '{active}', 'false'::jsonb)) is null;

-- An image block whose photo has no description: described by the block's title, which is what
-- the site gave people who do not see the photo until now (src/site/sections/generic-section.tsx).
with described as (
  select c.type, (
    select jsonb_agg(
      case
        when private.content_problem_sections(jsonb_build_array(s)) is not null
          and private.content_problem_sections(jsonb_build_array(
            s || jsonb_build_object('imageAlt', left(btrim(s ->> 'title'), 250)))) is null
        then s || jsonb_build_object('imageAlt', left(btrim(s ->> 'title'), 250))
        else s
      end
      order by position)
    from jsonb_array_elements(c.content) with ordinality as blocks(s, position)
  ) as content
  from public.site_content c
  where c.type = 'sections'
    and jsonb_typeof(c.content) = 'array'
    and jsonb_array_length(c.content) > 0
    and private.site_content_problem(c.type, c.content) is not null
)
update public.site_content c
set content = d.content
from described d
where c.type = d.type
  and private.site_content_problem(d.type, d.content) is null;
