-- One way to count the owner's figures: the back-office's head requests on public.requests
-- (docs/decisions/078-agenda-figures-sources.md). This grouped count had no reader left.
drop function if exists public.count_requests_by_status(date, date);
