-- Slows a scan of login codes: every lookup of a code that does not exist counts as a failed
-- guess of the client's address, and an address with too many recent failures is answered
-- 'rate_limited' by the four student functions, whatever the code, so the answer tells a
-- scanner nothing.
--
-- The limit: 20,000 failed guesses per address in the last 10 minutes.
-- - A whole school behind one NAT must never meet it: 2,000 students with ~3 typos each make
--   6,000 failures, and even if every one of them falls into the same 10 minutes (everyone
--   types their code as the exam opens) that is under a third of the limit.
-- - A scan from one address is held to ~33 guesses a second, ~2.9 million a day. With
--   36^8 ≈ 2.8 × 10^12 codes and a few thousand live ones, a hit takes over a year on
--   average, where an unlimited scan (thousands of calls a second) would take days.
-- - While limited, the functions only read: a scanner hammering away writes nothing more, and
--   its address is free again once its failures are 10 minutes old.
-- - A retry of a submission already stored is never refused (its receipt comes back), and a
--   refused new submission stays on the student's device and is sent again later.
--
-- The address is what the API gateway says: Cloudflare's cf-connecting-ip on hosted Supabase
-- (a client cannot set it), else the first x-forwarded-for entry (the local stack sets it
-- from the connection). IPv6 addresses count per /64: one host usually holds a whole /64.
--
-- The four functions of 20261121000200 move, unchanged, to the schema `private` (not exposed
-- by the API) and the public functions of the same names wrap them with the limit.

create schema if not exists private;
comment on schema private is 'Functions and data the API never exposes; reached only through public SECURITY DEFINER functions.';
revoke all on schema private from public, anon, authenticated;

create table public.code_guess_failures (
  client_address text not null,
  minute timestamptz not null,
  failures integer not null check (failures > 0),
  primary key (client_address, minute)
);
comment on table public.code_guess_failures is 'Failed login-code lookups per client address and minute: the brute-force limit of the student functions. Cleared by apply_retention.';
alter table public.code_guess_failures enable row level security;
-- No policies: only the student functions (as owner) and the service role touch it.
revoke all on table public.code_guess_failures from anon, authenticated;

create function private.request_client_address() returns text
language plpgsql stable set search_path = ''
as $$
declare
  headers jsonb := nullif(current_setting('request.headers', true), '')::jsonb;
  address text := btrim(coalesce(nullif(headers ->> 'cf-connecting-ip', ''), split_part(headers ->> 'x-forwarded-for', ',', 1)));
  parsed inet;
begin
  if address is null or address = '' then
    return 'unknown';
  end if;
  if position(':' in address) = 0 then
    return left(address, 100);
  end if;
  begin
    parsed := address::inet;
  exception when invalid_text_representation then
    return left(address, 100);
  end;
  if parsed <<= '::ffff:0.0.0.0/96'::inet then
    return substr(host(parsed), 8);
  end if;
  return network(set_masklen(parsed, 64))::text;
end
$$;
comment on function private.request_client_address() is 'The client address of this API request (an IPv6 address as its /64), or unknown.';

create function private.code_guessing_limited(address text) returns boolean
language sql stable set search_path = ''
as $$
  select coalesce(sum(f.failures), 0) >= 20000
    from public.code_guess_failures f
   where f.client_address = address and f.minute > now() - interval '10 minutes'
$$;
comment on function private.code_guessing_limited(text) is 'True when the address made 20,000 failed code guesses in the last 10 minutes (the reasoning is in migration 20261121000500).';

create function private.record_code_guess_failure(address text) returns void
language sql volatile set search_path = ''
as $$
  insert into public.code_guess_failures (client_address, minute, failures)
  values (address, date_trunc('minute', now()), 1)
  on conflict (client_address, minute) do update set failures = public.code_guess_failures.failures + 1
$$;

alter function public.check_login_code(text) set schema private;
alter function public.exam_questions(text) set schema private;
alter function public.lookup_result(text) set schema private;
alter function public.submit_exam(uuid, text, text, jsonb, integer, integer, timestamptz, timestamptz) set schema private;
revoke execute on all functions in schema private from public, anon, authenticated;

create function public.check_login_code(code text) returns text
language plpgsql volatile security definer set search_path = ''
as $$
declare
  address text := private.request_client_address();
  status text;
begin
  if private.code_guessing_limited(address) then
    return 'rate_limited';
  end if;
  status := private.check_login_code(code);
  if status = 'invalid' then
    perform private.record_code_guess_failure(address);
  end if;
  return status;
end
$$;
comment on function public.check_login_code(text) is 'valid | used | invalid for a login code as typed (trimmed, upper-cased); rate_limited after too many invalid codes from one address.';

create function public.exam_questions(code text) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  address text := private.request_client_address();
  answer jsonb;
begin
  if private.code_guessing_limited(address) then
    return jsonb_build_object('outcome', 'rate_limited');
  end if;
  answer := private.exam_questions(code);
  if answer ->> 'outcome' = 'invalid' then
    perform private.record_code_guess_failure(address);
  end if;
  return answer;
end
$$;
comment on function public.exam_questions(text) is 'The usable MCQ questions, never with correct_answer, for an unused code while the exam window is open; rate_limited after too many invalid codes from one address.';

create function public.lookup_result(code text) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  address text := private.request_client_address();
  answer jsonb;
begin
  if private.code_guessing_limited(address) then
    return jsonb_build_object('outcome', 'rate_limited');
  end if;
  answer := private.lookup_result(code);
  if answer ->> 'outcome' = 'invalid' then
    perform private.record_code_guess_failure(address);
  end if;
  return answer;
end
$$;
comment on function public.lookup_result(text) is 'The solutions page: every outcome of the spec, per-question solutions only within 24 hours of submission; rate_limited after too many invalid codes from one address.';

create function public.submit_exam(
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
begin
  if private.code_guessing_limited(address)
     and not exists (select 1 from public.submissions s where s.id = submit_exam.submission_id) then
    return jsonb_build_object('outcome', 'rate_limited');
  end if;
  answer := private.submit_exam(submission_id, code, student_name, answers, tab_switches, time_taken, started_at, submitted_at);
  if answer ->> 'outcome' = 'invalid_code' then
    perform private.record_code_guess_failure(address);
  end if;
  return answer;
end
$$;
comment on function public.submit_exam(uuid, text, text, jsonb, integer, integer, timestamptz, timestamptz) is
  'Claims the code, scores from the stored answers and stores the submission, all or nothing. Idempotent on submission_id; a new submission is rate_limited after too many invalid codes from one address.';

revoke execute on function public.check_login_code(text), public.exam_questions(text),
  public.submit_exam(uuid, text, text, jsonb, integer, integer, timestamptz, timestamptz),
  public.lookup_result(text) from public;
grant execute on function public.check_login_code(text), public.exam_questions(text),
  public.submit_exam(uuid, text, text, jsonb, integer, integer, timestamptz, timestamptz),
  public.lookup_result(text) to anon, authenticated, service_role;

-- The hourly clean-up also forgets failed guesses; an hour keeps every row the limit reads.
alter function public.apply_retention() set schema private;
revoke execute on function private.apply_retention() from public, anon, authenticated;

create function public.apply_retention() returns integer
language plpgsql volatile security definer set search_path = ''
as $$
begin
  delete from public.code_guess_failures where minute < now() - interval '1 hour';
  return private.apply_retention();
end
$$;
comment on function public.apply_retention() is 'Deletes exam questions 24 hours after the last exam closed (returning how many) and failed code guesses older than an hour. Run hourly (pg_cron, or the local stack''s timer).';
revoke execute on function public.apply_retention() from public, anon, authenticated;
