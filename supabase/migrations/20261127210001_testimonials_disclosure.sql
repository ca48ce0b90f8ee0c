-- Customer reviews now state, next to them, whether they are checked and in which order they are
-- shown (code de la consommation D111-17, docs/legal.md#customer-reviews). A site whose reviews
-- were stored before gets:
-- - the checking sentence that is true of every review typed in by the garage itself, which is
--   the only way reviews reach the site (nobody else checks them);
-- - the order it has always used, the owner's list order, so that no review moves.
-- The dates of the existing reviews are unknown: nothing is invented, a review without a date
-- shows none. Keys the owner already has are kept (`new || content`: the stored value wins).

update public.site_content
set content = jsonb_build_object(
    'checking',
    'Les avis sont recueillis par le garage auprès de ses clients ; ils ne font pas l''objet d''une vérification par un tiers.',
    'order',
    'as-listed'
  ) || content
where type = 'testimonials'
  and jsonb_typeof(content) = 'object'
  and not (content ? 'checking' and content ? 'order');
