-- The backups the self-hosted server made (npm run backup, and the daily one), so that the
-- back-office can show the owner when the site was last saved. Written by the server as the
-- database owner; read by administrators through last_backup() only. On hosted Supabase, where
-- backups are Supabase's, the table stays empty and last_backup() answers null.

create table private.backup_runs (
  id bigint generated always as identity primary key,
  finished_at timestamptz not null default now(),
  file text not null constraint backup_runs_file_name check (file ~ '^garage-[0-9TZ:-]+\.tar\.gz$'),
  bytes bigint not null
);
alter table private.backup_runs enable row level security;
revoke all on table private.backup_runs from public, anon, authenticated, service_role;

create or replace function public.last_backup() returns json
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'Réservé aux administrateurs'
      using errcode = '42501', hint = 'Connectez-vous avec un compte administrateur.';
  end if;
  return (
    select json_build_object('at', r.finished_at, 'file', r.file, 'bytes', r.bytes)
      from private.backup_runs r order by r.finished_at desc limit 1
  );
end
$$;
revoke execute on function public.last_backup() from public, anon;
grant execute on function public.last_backup() to authenticated, service_role;
