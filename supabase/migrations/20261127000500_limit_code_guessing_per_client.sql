-- One client must not lock its room out (issue 23).
--
-- Until now 20,000 failed code guesses in 10 minutes from one address (migration
-- 20261121000500 says why that number) refused every student call from it. A script makes
-- 1,500 guesses in about a second, so one student reached it in seconds, and every student
-- behind the same school NAT was then refused when starting, reporting and submitting.
--
-- Now:
-- - Failures are counted per client as well as per address. The client is the student app's
--   random per-browser id (header x-holdfast-client, kept in localStorage); a caller without
--   it (a script, a curl) is the address's one unnamed client.
-- - A client is limited after 50 failures in 10 minutes. An honest student mistypes a code a
--   few times; a device whose code was deleted reports every 30 seconds (20 failures in 10
--   minutes) and can still type another code. A script with one id, or none, stops there and
--   adds nothing more to its address.
-- - The address limit of 20,000 stays, as the ceiling for a script that changes its id on every
--   guess (the code space and rates of 20261121000500 are unchanged). That is what the Proctor
--   Room shows (admin_guessing_limits) and an administrator can clear (clear_guessing_limit).
-- - A call that proves an existing attempt is never limited: exam_questions with an attempt's
--   id and its code (a reload, a resume), submit_exam whose submission id is already stored or
--   is the id of an attempt of that code (the device's attempt id is its submission id). An
--   attempt id is a random UUID: nobody guesses one, so the proof tells a scanner nothing, and a
--   wrong id or code counts as a failure like any other.
-- - Limited clients and addresses are answered rate_limited, as before, by the calls that need
--   no proof (check_login_code, lookup_result, a first start, a first submission).
-- - Nothing tells a script that changes its id on every guess from new students behind the same
--   NAT: it keeps its address at the ceiling with ~34 guesses a second, and a Clear lasts ~36 s.
--   So an administrator may trust an address for up to 8 hours (clear_guessing_limit with
--   trust_minutes): while trusted its ceiling is not applied and only each browser's 50 are.
--   That is the administrator's call, for the school's own network: a scan from it is then held
--   by nothing but its own speed.

create table private.code_guess_client_failures (
  client_address text not null,
  client_id text not null check (length(client_id) <= 64),
  minute timestamptz not null,
  failures integer not null check (failures > 0),
  primary key (client_address, client_id, minute)
);
comment on table private.code_guess_client_failures is 'Failed login-code lookups per client (address and the app''s per-browser id; empty for none) and minute: the per-client limit. public.code_guess_failures keeps the address totals.';
revoke all on table private.code_guess_client_failures from public, anon, authenticated;

create function private.request_client_id() returns text
language sql stable set search_path = ''
as $$
  select left(btrim(coalesce(nullif(current_setting('request.headers', true), '')::jsonb ->> 'x-holdfast-client', '')), 64)
$$;
comment on function private.request_client_id() is 'The student app''s per-browser id of this API request (header x-holdfast-client), or empty: the address''s unnamed client.';
revoke execute on function private.request_client_id() from public, anon, authenticated;

create function private.client_guess_limit() returns integer
language sql immutable set search_path = '' as $$ select 50 $$;
revoke execute on function private.client_guess_limit() from public, anon, authenticated;
comment on function private.client_guess_limit() is 'Failed code guesses one client may make in 10 minutes (migration 20261127000500 says why).';

create function private.address_guess_limit() returns integer
language sql immutable set search_path = '' as $$ select 20000 $$;
revoke execute on function private.address_guess_limit() from public, anon, authenticated;
comment on function private.address_guess_limit() is 'Failed code guesses one address may make in 10 minutes, all its clients together (migration 20261121000500 says why).';

-- In public, like the counts, so that operators (the service role) can see and end a trust; the
-- API roles get nothing, administrators read it through admin_guessing_limits.
create table public.trusted_addresses (
  client_address text primary key check (length(client_address) between 1 and 100),
  trusted_until timestamptz not null,
  trusted_by text not null,
  trusted_at timestamptz not null default now()
);
comment on table public.trusted_addresses is 'Addresses an administrator trusted (the school''s own network): until trusted_until the address''s limit on failed code guesses is not applied, only each browser''s. Expired rows are deleted by apply_retention.';
alter table public.trusted_addresses enable row level security;
revoke all on table public.trusted_addresses from anon, authenticated;

create function private.address_trusted(address text) returns boolean
language sql stable set search_path = ''
as $$
  select exists (select 1 from public.trusted_addresses t where t.client_address = address and t.trusted_until > now())
$$;
comment on function private.address_trusted(text) is 'True while an administrator''s trust in the address lasts.';
revoke execute on function private.address_trusted(text) from public, anon, authenticated;

create or replace function private.code_guessing_limited(address text) returns boolean
language sql stable set search_path = ''
as $$
  select ((select coalesce(sum(f.failures), 0)
             from public.code_guess_failures f
            where f.client_address = address and f.minute > now() - interval '10 minutes') >= private.address_guess_limit()
          and not private.address_trusted(address))
      or (select coalesce(sum(c.failures), 0)
            from private.code_guess_client_failures c
           where c.client_address = address and c.client_id = private.request_client_id()
             and c.minute > now() - interval '10 minutes') >= private.client_guess_limit()
$$;
comment on function private.code_guessing_limited(text) is 'True when this request''s client at the address made 50 failed code guesses in the last 10 minutes, or the address 20,000 and no administrator trusts it now (migration 20261127000500).';

create or replace function private.record_code_guess_failure(address text) returns void
language sql volatile set search_path = ''
as $$
  insert into public.code_guess_failures (client_address, minute, failures)
  values (address, date_trunc('minute', now()), 1)
  on conflict (client_address, minute) do update set failures = public.code_guess_failures.failures + 1;
  insert into private.code_guess_client_failures (client_address, client_id, minute, failures)
  values (address, private.request_client_id(), date_trunc('minute', now()), 1)
  on conflict (client_address, client_id, minute) do update set failures = private.code_guess_client_failures.failures + 1;
$$;
comment on function private.record_code_guess_failure(text) is 'Counts one failed code guess for the address and for this request''s client at it.';

create function private.proves_attempt(attempt_id uuid, code text) returns boolean
language sql stable set search_path = ''
as $$
  select attempt_id is not null and exists (
    select 1 from public.exam_attempts a
     where a.id = proves_attempt.attempt_id and a.login_code = public.normalize_login_code(proves_attempt.code))
$$;
comment on function private.proves_attempt(uuid, text) is 'True when an attempt with this id was started with this code: a call that knows both is no guess.';
revoke execute on function private.proves_attempt(uuid, text) from public, anon, authenticated;

create or replace function public.exam_questions(code text, attempt_id uuid default null, student_name text default null) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  address text := private.request_client_address();
  answer jsonb;
  failure_state text;
  failure_message text;
begin
  perform private.refuse_read_only();
  if private.code_guessing_limited(address) and not private.proves_attempt(attempt_id, code) then
    return jsonb_build_object('outcome', 'rate_limited');
  end if;
  answer := private.exam_questions(code, attempt_id, student_name);
  if answer ->> 'outcome' = 'invalid' then
    perform private.record_code_guess_failure(address);
  end if;
  return answer;
exception when others then
  get stacked diagnostics failure_state = returned_sqlstate, failure_message = message_text;
  perform private.raise_without_detail(failure_state, failure_message);
end
$$;
comment on function public.exam_questions(text, uuid, text) is 'The usable MCQ questions, never with correct_answer, for an unused code while the exam window is open, with the server''s deadline and the answer-file key; records the start of the attempt. rate_limited after too many invalid codes from this client or address, unless attempt_id is an attempt already started with this code.';

create or replace function public.submit_exam(
  submission_id uuid,
  code text,
  student_name text,
  answers jsonb,
  tab_switches integer,
  time_taken integer,
  started_at timestamptz,
  submitted_at timestamptz
) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  address text := private.request_client_address();
  answer jsonb;
  failure_state text;
  failure_message text;
begin
  perform private.refuse_read_only();
  if private.code_guessing_limited(address)
     and not exists (select 1 from public.submissions s where s.id = submit_exam.submission_id)
     and not private.proves_attempt(submit_exam.submission_id, submit_exam.code) then
    return jsonb_build_object('outcome', 'rate_limited');
  end if;
  answer := private.submit_exam(submission_id, code, student_name, answers, tab_switches, time_taken, started_at, submitted_at);
  if answer ->> 'outcome' = 'invalid_code' then
    perform private.record_code_guess_failure(address);
  end if;
  return answer;
exception when others then
  get stacked diagnostics failure_state = returned_sqlstate, failure_message = message_text;
  perform private.raise_without_detail(failure_state, failure_message);
end
$$;
comment on function public.submit_exam(uuid, text, text, jsonb, integer, integer, timestamptz, timestamptz) is
  'Claims the code, scores from the stored answers and stores the submission, all or nothing. Idempotent on submission_id; rate_limited after too many invalid codes from this client or address, unless the submission is stored or its id is an attempt started with this code.';

comment on function public.check_login_code(text) is 'valid | used | invalid | exam_closed (the window, moved by the code''s extra minutes, is not open) for a login code as typed; rate_limited after too many invalid codes from this client or address.';
comment on function public.lookup_result(text) is 'The solutions page: every outcome of the spec, withdrawn for a voided submission, regraded_from (the score before) for a regraded one, per-question solutions only within 24 hours of submission and once the exam is over for everyone; rate_limited after too many invalid codes from this client or address.';

-- The Proctor Room: who is limited, and clearing it. Each address over half its limit, with a
-- limited client, or trusted; clears_at assumes no new failures, which a limited caller cannot add.
create function public.admin_guessing_limits()
returns table (client_address text, failures integer, limited boolean, limited_clients integer, since timestamptz,
               clears_at timestamptz, trusted_until timestamptz)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin();
  return query
  with address_minutes as (
    select f.client_address, f.minute, f.failures,
           -- The failures of the later minutes: those still counted once this minute is 10 minutes old.
           coalesce(sum(f.failures) over (partition by f.client_address order by f.minute desc
                                          rows between unbounded preceding and 1 preceding), 0) as later
      from public.code_guess_failures f
     where f.minute > now() - interval '10 minutes'
  ), addresses as (
    select m.client_address, sum(m.failures)::integer as failures, min(m.minute) as since,
           min(m.minute) filter (where m.later < private.address_guess_limit()) + interval '10 minutes' as clears_at
      from address_minutes m
     group by m.client_address
  ), client_minutes as (
    select c.client_address, c.client_id, c.minute, c.failures,
           coalesce(sum(c.failures) over (partition by c.client_address, c.client_id order by c.minute desc
                                          rows between unbounded preceding and 1 preceding), 0) as later
      from private.code_guess_client_failures c
     where c.minute > now() - interval '10 minutes'
  ), limited_clients as (
    select m.client_address, m.client_id,
           min(m.minute) filter (where m.later < private.client_guess_limit()) + interval '10 minutes' as clears_at
      from client_minutes m
     group by m.client_address, m.client_id
    having sum(m.failures) >= private.client_guess_limit()
  ), client_counts as (
    select l.client_address, count(*)::integer as clients, max(l.clears_at) as clears_at
      from limited_clients l
     group by l.client_address
  ), trusted as (
    select t.client_address, t.trusted_until from public.trusted_addresses t where t.trusted_until > now()
  ), listed as (
    select coalesce(a.client_address, t.client_address) as client_address, coalesce(a.failures, 0) as failures,
           coalesce(a.failures >= private.address_guess_limit(), false) and t.client_address is null as limited,
           a.since, a.clears_at, t.trusted_until
      from addresses a
      full join trusted t on t.client_address = a.client_address
  )
  select l.client_address, l.failures, l.limited, coalesce(c.clients, 0), l.since,
         -- Null when nothing is limited (an address close to its limit, or trusted with no limited client).
         case when l.limited then l.clears_at else c.clears_at end,
         l.trusted_until
    from listed l
    left join client_counts c on c.client_address = l.client_address
   where l.failures >= private.address_guess_limit() / 2 or c.clients is not null or l.trusted_until is not null
   order by l.failures desc, l.client_address;
end
$$;
comment on function public.admin_guessing_limits() is 'Administrators: addresses whose failed code guesses in the last 10 minutes reach half the address limit or include a limited client, and the addresses trusted now: failures, limited (the whole address), limited_clients, since, clears_at, trusted_until.';
revoke execute on function public.admin_guessing_limits() from public, anon;
grant execute on function public.admin_guessing_limits() to authenticated, service_role;

-- New kinds of activity, added to the list as it stands (another migration may have added its own).
do $$
declare
  kinds text;
begin
  select string_agg(quote_literal(m.kind[1]), ', ' order by m.n) into kinds
    from pg_constraint c,
         regexp_matches(pg_get_constraintdef(c.oid), '''([a-z_]+)''', 'g') with ordinality as m(kind, n)
   where c.conrelid = 'public.audit_log'::regclass and c.conname = 'audit_log_action_check';
  alter table public.audit_log drop constraint audit_log_action_check;
  execute format('alter table public.audit_log add constraint audit_log_action_check check (action in (%s, %L, %L))',
                 kinds, 'guessing_limit_cleared', 'address_trust_ended');
end
$$;

-- With trust_minutes, the administrator also vouches for the address as the school's own network
-- for that long (see the top of this migration); a trust is always recorded, even with nothing to clear.
create function public.clear_guessing_limit(address text, trust_minutes integer default 0) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  cleared integer;
  trust_ends timestamptz;
begin
  perform private.require_admin();
  if clear_guessing_limit.address is null or length(clear_guessing_limit.address) not between 1 and 100 then
    perform private.invalid_argument('address must be 1 to 100 characters');
  end if;
  if clear_guessing_limit.trust_minutes is null or clear_guessing_limit.trust_minutes not between 0 and 480 then
    perform private.invalid_argument('trust_minutes must be 0 to 480 minutes');
  end if;
  select coalesce(sum(f.failures), 0)::integer into cleared
    from public.code_guess_failures f
   where f.client_address = clear_guessing_limit.address and f.minute > now() - interval '10 minutes';
  delete from public.code_guess_failures f where f.client_address = clear_guessing_limit.address;
  delete from private.code_guess_client_failures c where c.client_address = clear_guessing_limit.address;
  if clear_guessing_limit.trust_minutes > 0 then
    insert into public.trusted_addresses as t (client_address, trusted_until, trusted_by)
    values (clear_guessing_limit.address, now() + make_interval(mins => clear_guessing_limit.trust_minutes),
            (select au.email from public.admin_users au where au.user_id = (select auth.uid())))
    on conflict (client_address) do update
      set trusted_until = excluded.trusted_until, trusted_by = excluded.trusted_by, trusted_at = now()
    returning t.trusted_until into trust_ends;
    perform private.record_activity('guessing_limit_cleared', clear_guessing_limit.address,
      jsonb_build_object('failures', cleared, 'trust_minutes', clear_guessing_limit.trust_minutes, 'trusted_until', trust_ends));
    return jsonb_build_object('outcome', 'trusted', 'failures', cleared, 'trusted_until', trust_ends);
  end if;
  if cleared = 0 then
    return jsonb_build_object('outcome', 'nothing_to_clear');
  end if;
  perform private.record_activity('guessing_limit_cleared', clear_guessing_limit.address, jsonb_build_object('failures', cleared));
  return jsonb_build_object('outcome', 'cleared', 'failures', cleared);
end
$$;
comment on function public.clear_guessing_limit(text, integer) is 'Administrators: forgets the failed code guesses of an address and its clients, so students there can start again, and records it; cleared (with the failures of the last 10 minutes) or nothing_to_clear. With trust_minutes (1 to 480), also trusts the address that long, its address limit not applied: trusted, with failures and trusted_until.';
revoke execute on function public.clear_guessing_limit(text, integer) from public, anon;
grant execute on function public.clear_guessing_limit(text, integer) to authenticated, service_role;

create function public.end_address_trust(address text) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  trust_ends timestamptz;
begin
  perform private.require_admin();
  delete from public.trusted_addresses t
   where t.client_address = end_address_trust.address and t.trusted_until > now()
  returning t.trusted_until into trust_ends;
  if not found then
    return jsonb_build_object('outcome', 'not_trusted');
  end if;
  perform private.record_activity('address_trust_ended', end_address_trust.address, jsonb_build_object('trusted_until', trust_ends));
  return jsonb_build_object('outcome', 'ended');
end
$$;
comment on function public.end_address_trust(text) is 'Administrators: ends a trust in an address before its time, so its limit on failed code guesses applies again, and records it; ended or not_trusted.';
revoke execute on function public.end_address_trust(text) from public, anon;
grant execute on function public.end_address_trust(text) to authenticated, service_role;

-- The hourly clean-up forgets the clients' failures with the addresses', and trusts that ended.
create or replace function public.apply_retention() returns integer
language plpgsql volatile security definer set search_path = ''
as $$
begin
  delete from public.code_guess_failures where minute < now() - interval '1 hour';
  delete from private.code_guess_client_failures where minute < now() - interval '1 hour';
  delete from public.trusted_addresses where trusted_until <= now();
  return private.apply_retention();
end
$$;
comment on function public.apply_retention() is 'Deletes exam questions 24 hours after the last exam closed (returning how many), failed code guesses older than an hour and ended trusts in addresses. Run hourly (pg_cron, or the local stack''s timer).';
