-- Puts the change-capture trigger (realtime.capture_change, server/db/bootstrap.sql) on every table
-- of the publication `supabase_realtime` that has a primary key, with the key's columns as its
-- arguments, and takes it off tables that left the publication. Run after the migrations, on the
-- self-hosted server only. Idempotent.
do $$
declare
  r record;
begin
  for r in
    select t.tgrelid::regclass as rel
      from pg_trigger t
     where t.tgname = 'realtime_capture'
       and not exists (
         select 1 from pg_publication_tables p
          where p.pubname = 'supabase_realtime'
            and format('%I.%I', p.schemaname, p.tablename)::regclass = t.tgrelid)
  loop
    execute format('drop trigger realtime_capture on %s', r.rel);
  end loop;

  for r in
    select c.oid::regclass as rel,
           (select string_agg(quote_literal(a.attname), ', ' order by k.ord)
              from unnest(i.indkey) with ordinality k(attnum, ord)
              join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum) as keys
      from pg_publication_tables p
      join pg_class c on c.oid = format('%I.%I', p.schemaname, p.tablename)::regclass
      join pg_index i on i.indrelid = c.oid and i.indisprimary
     where p.pubname = 'supabase_realtime'
  loop
    execute format(
      'create or replace trigger realtime_capture after insert or update or delete on %s '
      'for each row execute function realtime.capture_change(%s)', r.rel, r.keys);
  end loop;
end
$$;
