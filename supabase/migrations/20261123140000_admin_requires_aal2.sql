-- Two-factor sign-in enforced by the database (docs/decisions/034-two-factor-sign-in.md): an
-- administrator who has a verified second factor is an administrator only with a token that
-- verified it (`aal` = 'aal2'), so a stolen password alone can neither write nor read anything
-- reserved to administrators. Without a verified factor, aal1 keeps working. Every admin policy
-- and admin check goes through public.is_admin(), so this one definition covers them all.
--
-- auth.mfa_factors is GoTrue's table on hosted Supabase and the self-hosted server's copy of it;
-- the API roles cannot read it, hence security definer (the function reads one boolean, for the
-- caller's own id only).

create or replace function public.is_admin() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce((auth.jwt() -> 'app_metadata' ->> 'role') = 'admin', false)
    and (
      coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2'
      or not exists (
        select 1 from auth.mfa_factors f
         where f.user_id = auth.uid() and f.status = 'verified'
      )
    )
$$;
revoke execute on function public.is_admin() from public;
grant execute on function public.is_admin() to anon, authenticated, service_role;
