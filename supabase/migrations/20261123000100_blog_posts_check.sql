-- The database refuses blog posts the public pages could not show safely, whoever writes them
-- (the back-office, the AI function, the API by hand): a blank title, summary or text, an
-- oversized field, or a cover image address that is not http(s) or a path on the site (so a
-- `javascript:` or `data:` address can never reach a page, its Open Graph tags or its JSON-LD).
-- The message names the field in French, like the content check of site_content.

create schema if not exists private;
revoke all on schema private from public, anon, authenticated;

create or replace function private.blog_post_problem(p public.blog_posts) returns text
language sql immutable
set search_path = ''
as $fn$
  select coalesce(
    case when p.title is null or p.title !~ '\S' then '« Titre » est obligatoire.'
         when char_length(p.title) > 200 then '« Titre » doit contenir au plus 200 caractères.' end,
    case when p.excerpt is not null and p.excerpt !~ '\S' then '« Résumé » ne peut pas être vide.'
         when char_length(p.excerpt) > 1000 then '« Résumé » doit contenir au plus 1000 caractères.' end,
    case when p.content is null or p.content !~ '\S' then '« Contenu » est obligatoire.'
         when char_length(p.content) > 200000 then '« Contenu » doit contenir au plus 200000 caractères.' end,
    case when p.image_url is not null and (
           char_length(p.image_url) > 2048
           or p.image_url !~ '^(https?://[^\s/?#]+|/(?![/\\]))[^\s]*$'
         )
         then '« Image de couverture » doit être une adresse https://, http:// ou un chemin commençant par /.' end
  )
$fn$;
revoke execute on function private.blog_post_problem(public.blog_posts) from public, anon, authenticated;

-- Runs as its owner so that writers need no rights on the private schema.
create or replace function private.check_blog_post() returns trigger
language plpgsql security definer
set search_path = ''
as $fn$
declare
  problem text := private.blog_post_problem(new);
begin
  if problem is not null then
    raise exception using
      errcode = '23514',
      message = 'Article refusé : ' || problem,
      hint = 'Corrigez ce champ puis enregistrez à nouveau.';
  end if;
  return new;
end
$fn$;
revoke execute on function private.check_blog_post() from public, anon, authenticated;

-- A view count is not an edit: only the editorial columns are checked again on update.
drop trigger if exists blog_posts_check on public.blog_posts;
create trigger blog_posts_check before insert or update of title, excerpt, content, image_url
  on public.blog_posts for each row execute function private.check_blog_post();
