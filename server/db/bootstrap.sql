-- What hosted Supabase provides before any migration runs, recreated for the self-hosted server:
-- the API roles, the `auth` schema with its helpers, and Supabase's default grants on `public`.
-- Applied at every start; every statement is idempotent. Never part of supabase/migrations.

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
end
$$;

-- The server's own login switches to these roles per request, as PostgREST's authenticator does.
grant anon, authenticated, service_role to current_user;

create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;

create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

create table if not exists auth.users (
  id uuid primary key default gen_random_uuid(),
  aud text not null default 'authenticated',
  role text not null default 'authenticated',
  email text not null unique,
  encrypted_password text not null,
  email_confirmed_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{"provider":"email","providers":["email"]}',
  raw_user_meta_data jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table if not exists auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  not_after timestamptz
);

create table if not exists auth.refresh_tokens (
  id bigserial primary key,
  token text not null unique,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  parent text,
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists refresh_tokens_session_idx on auth.refresh_tokens (session_id);

-- Two-factor sign-in, with GoTrue's names and columns (migrations read auth.mfa_factors on both
-- backends): factors, their challenges, and the methods each session was signed in with.
-- docs/decisions/034-two-factor-sign-in.md.
do $$
begin
  if not exists (select 1 from pg_type where typname = 'factor_type' and typnamespace = 'auth'::regnamespace) then
    create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
  end if;
  if not exists (select 1 from pg_type where typname = 'factor_status' and typnamespace = 'auth'::regnamespace) then
    create type auth.factor_status as enum ('unverified', 'verified');
  end if;
  if not exists (select 1 from pg_type where typname = 'aal_level' and typnamespace = 'auth'::regnamespace) then
    create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
  end if;
end
$$;

alter table auth.sessions add column if not exists factor_id uuid;
alter table auth.sessions add column if not exists aal auth.aal_level;

create table if not exists auth.mfa_factors (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Encrypted (server/auth/totp.ts), never returned after enrolment.
  secret text,
  phone text,
  last_challenged_at timestamptz,
  -- This server only: the last TOTP time step accepted, so that a code is accepted once.
  last_totp_step bigint
);
create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id);

create table if not exists auth.mfa_challenges (
  id uuid primary key default gen_random_uuid(),
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null default now(),
  verified_at timestamptz,
  ip_address text not null
);
create index if not exists mfa_challenges_factor_id_idx on auth.mfa_challenges (factor_id);

create table if not exists auth.mfa_amr_claims (
  id uuid primary key default gen_random_uuid(),
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  authentication_method text not null,
  unique (session_id, authentication_method)
);

-- Forgotten passwords (server/auth/recover.ts), with GoTrue's table names: the links mailed, of
-- which only a hash is kept, and the PKCE flows that a link ends in an authorization code.
create table if not exists auth.flow_state (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete cascade,
  -- SHA-256 of the authorization code handed to the page, once the link is followed.
  auth_code text,
  code_challenge_method text not null,
  code_challenge text not null,
  provider_type text not null,
  authentication_method text not null,
  auth_code_issued_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create table if not exists auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null,
  -- SHA-256 of the token in the link: the database alone opens no account.
  token_hash text not null unique,
  relates_to text not null,
  -- This server only: the PKCE flow the link belongs to, if the page asked for one.
  flow_state_id uuid references auth.flow_state (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists one_time_tokens_user_id_idx on auth.one_time_tokens (user_id);

-- Nobody but the server's owner login touches the auth tables.
revoke all on all tables in schema auth from anon, authenticated, service_role;

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

grant execute on function auth.jwt(), auth.uid(), auth.role() to anon, authenticated, service_role;

-- Supabase's defaults on `public`: the API roles may use the schema and, until a migration says
-- otherwise, every table in it. Our migrations revoke and grant exactly what each role needs.
grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;

-- Where the Supabase CLI records applied migrations; the same table serves the self-hosted server.
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  name text,
  statements text[]
);

-- The self-hosted server's own state, shared by its processes when several run on one PostgreSQL:
-- per-client counters (rate-limiter-flexible's table), keyed by daily-salted hashes, never by an
-- address. No API role may reach it.
create schema if not exists garage_server;
revoke all on schema garage_server from public;
create table if not exists garage_server.rate_limits (
  key varchar(255) primary key,
  points integer not null default 0,
  expire bigint
);
alter table garage_server.rate_limits enable row level security;
revoke all on table garage_server.rate_limits from public, anon, authenticated, service_role;

-- Why sessions ended, for a device that comes back with a token of one: signed out from another
-- device, a password changed… (`garage.session_end_reason`, set by the server in the transaction
-- that deletes them; 'revoked' when unset). Keyed by session and by the hashes of its refresh tokens
-- still in use, since a refresh presents only that. Kept 30 days, then a device is told its session
-- expired. docs/decisions/028-expired-session.md.
create table if not exists garage_server.ended_sessions (
  session_id uuid not null,
  refresh_token text,
  reason text not null,
  ended_at timestamptz not null default now()
);
create index if not exists ended_sessions_session_idx on garage_server.ended_sessions (session_id);
create index if not exists ended_sessions_token_idx on garage_server.ended_sessions (refresh_token)
  where refresh_token is not null;
create index if not exists ended_sessions_ended_at_idx on garage_server.ended_sessions (ended_at);
alter table garage_server.ended_sessions enable row level security;
revoke all on table garage_server.ended_sessions from public, anon, authenticated, service_role;

create or replace function garage_server.record_ended_session() returns trigger
language plpgsql
as $$
declare
  why text := coalesce(nullif(current_setting('garage.session_end_reason', true), ''), 'revoked');
begin
  delete from garage_server.ended_sessions where ended_at < now() - interval '30 days';
  insert into garage_server.ended_sessions (session_id, refresh_token, reason)
  select old.id, null, why
  union all
  select old.id, t.token, why from auth.refresh_tokens t where t.session_id = old.id and not t.revoked;
  return old;
end
$$;
-- Before the delete: its refresh tokens, removed with it (on delete cascade), are still there.
drop trigger if exists record_ended_session on auth.sessions;
create trigger record_ended_session before delete on auth.sessions
  for each row execute function garage_server.record_ended_session();

-- The one-time link that creates the first administrator in the browser (server/auth/setup.ts,
-- docs/decisions/066-first-administrator-from-a-setup-link.md): one row, rewritten by each server
-- start while no administrator exists, so every process of one site checks the same link. Only a
-- hash of the link's token is kept; no API role may reach it.
create table if not exists garage_server.setup_link (
  id boolean primary key default true check (id),
  token_hash text not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
alter table garage_server.setup_link enable row level security;
revoke all on table garage_server.setup_link from public, anon, authenticated, service_role;

-- Supabase Storage's schema, as its storage server creates it on hosted Supabase (same names and
-- types; only the columns our server and policies use): buckets, their objects' records, and the
-- path helpers policies call. Files live in `<DATA_DIR>/storage/<bucket>/<name>`
-- (docs/decisions/023-media-storage.md). Who may read or write an object is decided by the
-- policies on storage.objects, which migrations create.
create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;

create table if not exists storage.buckets (
  id text not null primary key,
  name text not null,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[]
);
create unique index if not exists bname on storage.buckets using btree (name);

create table if not exists storage.objects (
  id uuid not null default gen_random_uuid() primary key,
  bucket_id text constraint "objects_bucketId_fkey" references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  user_metadata jsonb
);
create unique index if not exists bucketid_objname on storage.objects using btree (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

-- Supabase's grants: the API roles hold every table right, and the policies decide.
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;

create or replace function storage.foldername(name text) returns text[]
language plpgsql immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1:array_length(_parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text) returns text
language plpgsql immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$$;

create or replace function storage.extension(name text) returns text
language plpgsql immutable
as $$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to anon, authenticated, service_role;

-- Realtime (docs/decisions/050-realtime.md): the `realtime` schema, the `messages` table whose RLS
-- policies authorize private channels, and `realtime.topic()` for those policies, with hosted
-- Supabase's names and columns (there it exists before any migration; it is not partitioned here).
create schema if not exists realtime;
grant usage on schema realtime to anon, authenticated, service_role;

create table if not exists realtime.messages (
  id uuid not null default gen_random_uuid(),
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp not null default now(),
  inserted_at timestamp not null default now(),
  primary key (id, inserted_at)
);
alter table realtime.messages enable row level security;
grant select, insert, update on realtime.messages to anon, authenticated, service_role;

create or replace function realtime.topic() returns text
language sql stable
as $$ select nullif(current_setting('realtime.topic', true), '')::text $$;
grant execute on function realtime.topic() to anon, authenticated, service_role;

-- Change capture for the self-hosted server only: each written row of a table in the publication
-- `supabase_realtime` sends its keys (never the row: NOTIFY refuses 8000 bytes and more) once the
-- transaction commits; the server reads the row again per subscriber. The trigger is put on the
-- published tables after the migrations (server/realtime/capture.sql), never by a migration, so
-- hosted Supabase, whose realtime reads the publication itself, never gets it.
create or replace function realtime.capture_change() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  new_row jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  old_row jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  new_keys jsonb := '{}';
  old_keys jsonb := '{}';
  key text;
  message text;
begin
  foreach key in array tg_argv loop
    if new_row is not null then new_keys := new_keys || jsonb_build_object(key, new_row -> key); end if;
    if old_row is not null then old_keys := old_keys || jsonb_build_object(key, old_row -> key); end if;
  end loop;
  message := jsonb_build_object(
    'schema', tg_table_schema, 'table', tg_table_name, 'type', tg_op,
    'at', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'keys', case when new_row is not null then new_keys end,
    'old_keys', case when old_row is not null then old_keys end)::text;
  if octet_length(message) >= 8000 then
    message := jsonb_build_object(
      'schema', tg_table_schema, 'table', tg_table_name, 'type', tg_op,
      'at', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'too_large', true)::text;
  end if;
  perform pg_notify('realtime_changes', message);
  return null;
end
$$;
revoke execute on function realtime.capture_change() from public, anon, authenticated;
