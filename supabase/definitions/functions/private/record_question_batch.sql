-- One activity row for the questions of one exam that one statement touched (a statement can touch
-- several exams' questions: each exam gets its own row).
create or replace function private.record_question_batch(action text, numbers integer[], extra jsonb, exam_id uuid)
returns void
language plpgsql volatile set search_path = ''
as $$
begin
  if cardinality(numbers) > 0 then
    perform private.record_activity(action,
      case when cardinality(numbers) = 1 then numbers[1]::text end,
      extra || jsonb_build_object('count', cardinality(numbers),
                                  'numbers', (select jsonb_agg(n order by n) from unnest(numbers) as n)),
      record_question_batch.exam_id);
  end if;
end
$$;
revoke all on function private.record_question_batch(text, integer[], jsonb, uuid) from public, anon, authenticated, service_role;
