-- Replies from the back-office (docs/decisions/079-replies-from-templates.md): the owner answers a
-- request with a written mail (`reponse`), filled from a template (the `replies` content type) and
-- read over before sending. The browser never inserts a mail: an administrator asks the database
-- to queue it, with its size bounded and a limit per administrator, then asks the queue to send.
-- The reply stays on the request with its text and delivery state.

-- The reply templates are the owner's wording for customers: administrators only, like every
-- other piece of the appointments' work; the public site never reads them.
drop policy site_content_read on public.site_content;
create policy site_content_read on public.site_content
  for select to anon, authenticated using (type <> 'replies' or (select public.is_admin()));

-- Who queued a reply (the administrator's id), for the limit per administrator.
alter table public.request_mails add column sent_by uuid;
create index request_mails_sent_by_idx on public.request_mails (sent_by, created_at)
  where sent_by is not null;

-- Queues the reply `subject` / `body` (plain text, paragraphs separated by a blank line) to the
-- customer of request `request_id`, for the caller, who must be an administrator. The text is the
-- one the owner read: a marker left unfilled (« [date du rendez-vous] ») is refused rather than
-- sent. At most 30 replies per administrator per hour. Returns the mail's id.
create or replace function public.queue_reply(request_id uuid, subject text, body text)
returns bigint
language plpgsql volatile security definer
set search_path = ''
as $fn$
declare
  customer_email text;
  left_marker text;
  recent integer;
  new_id bigint;
begin
  if not public.is_admin() then
    raise exception 'Réponse refusée : réservé aux administrateurs.'
      using errcode = '42501', hint = 'Connectez-vous avec un compte administrateur.';
  end if;

  select r.email into customer_email from public.requests r where r.id = queue_reply.request_id;
  if not found then
    raise exception 'Réponse refusée : cette demande n''existe plus.' using errcode = '23514';
  end if;
  if customer_email is null then
    raise exception 'Réponse refusée : cette demande n''a pas d''adresse e-mail, appelez le client.'
      using errcode = '23514';
  end if;

  subject := btrim(coalesce(subject, ''));
  body := btrim(coalesce(body, ''), E' \t\r\n');
  if subject = '' or char_length(subject) > 200 then
    raise exception 'Réponse refusée : l''objet doit contenir entre 1 et 200 caractères.'
      using errcode = '23514';
  end if;
  if body = '' or char_length(body) > 10000 then
    raise exception 'Réponse refusée : le texte doit contenir entre 1 et 10 000 caractères.'
      using errcode = '23514';
  end if;
  -- The markers of schemas/replies.schema.json (`x-markers`), which the filling replaces.
  left_marker := substring(subject || ' ' || body from
    '\[(?:nom du client|véhicule|prestation|date du rendez-vous|nom du garage|téléphone du garage)\]');
  if left_marker is not null then
    raise exception 'Réponse refusée : le texte contient encore %, remplacez-le avant d''envoyer.',
      left_marker using errcode = '23514';
  end if;

  -- Serialized per administrator, so that parallel calls cannot all pass the count.
  perform pg_advisory_xact_lock(hashtext('queue_reply:' || auth.uid()::text));
  select count(*) into recent from public.request_mails m
   where m.sent_by = auth.uid() and m.created_at > now() - interval '1 hour';
  if recent >= 30 then
    raise exception 'Réponse refusée : 30 réponses au plus par heure. Réessayez un peu plus tard.'
      using errcode = '23514', hint = 'Votre texte est conservé.';
  end if;

  insert into public.request_mails (request_id, kind, recipient, subject, body, sent_by)
  values (queue_reply.request_id, 'reponse', 'client', subject, body, auth.uid())
  returning id into new_id;
  return new_id;
end
$fn$;
revoke execute on function public.queue_reply(uuid, text, text) from public, anon;
grant execute on function public.queue_reply(uuid, text, text) to authenticated;
