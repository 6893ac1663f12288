-- Every function has an empty search_path, those that run as the caller too (issue 24): Supabase's
-- advisor (`supabase db advisors`, lint function_search_path_mutable) warns about any function
-- without one, because a caller who can put an object of their own earlier on the search_path
-- decides what an unqualified name in its body means.
--
-- These six were left without a SET clause so that PostgreSQL would inline them into the calling
-- query (migration 20261124000200). Their bodies already name every object with its schema, so
-- they run the same with an empty search_path; they are no longer inlined, and PostgreSQL plans
-- each body on its own with the arguments as parameters, which is the plan
-- tests/integration/admin-query-plans.test.ts now checks. A day's results are a day's rows either
-- way: inlining saved nothing a caller's LIMIT could stop early (every row is ranked first).

alter function private.submission_days(text, text) set search_path = '';
alter function public.admin_day_answers(text, date, text) set search_path = '';
alter function public.admin_day_results(text, date, text) set search_path = '';
alter function public.admin_day_score_bands(text, date, text) set search_path = '';
alter function public.admin_live_attempts() set search_path = '';
alter function public.passes(integer, integer) set search_path = '';
