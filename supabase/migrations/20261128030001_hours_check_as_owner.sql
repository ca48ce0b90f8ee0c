-- The hours' own check (private.check_hours, docs/decisions/058-opening-hours.md) runs on every
-- save of the hours, and calls functions of the private schema, which the administrator's role
-- may not use: created without `security definer`, it refused every save from the back-office
-- ("permission denied for schema private"). It now runs as its owner, like the other content
-- checks; its search_path is already empty, so nothing of the caller's can stand in.
alter function private.check_hours() security definer;
revoke execute on function private.check_hours() from public, anon, authenticated;
