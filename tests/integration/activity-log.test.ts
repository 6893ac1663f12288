import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildAnswerFile } from '../../src/domain/answer-file.ts'
import type { ExamSubmission } from '../../src/domain/exam-submission.ts'
import type { Database, Tables } from '../../src/lib/api/database.types.ts'
import { adminClient, anonClient, nonAdminClient, serviceClient, stack } from './clients.ts'
import {
  hour,
  isoFromNow,
  loginCodesPerFile,
  minute,
  must,
  randomCode,
  reportAnswers,
  startedSubmission,
  submitExamArgs,
  succeeded,
  withQuestionBankRestored,
  zeroUuid,
} from './exam-data.ts'

/**
 * Issue 15's activity log on the server: every administrator's action that changes the exam is
 * appended to public.audit_log in words the Activity screen can tell, by triggers no API call can
 * go around, and no API role (administrators and the service role included) can change or delete
 * a row of it.
 */

type Client = SupabaseClient<Database>
type Entry = Tables<'audit_log'>

const service = serviceClient()
const anon = anonClient()
let admin: Client
const { newCode } = loginCodesPerFile()

beforeAll(async () => {
  admin = await adminClient()
})

/** The log's rows written since `sinceId`, oldest first, read as the administrator. */
async function entriesAfter(sinceId: number): Promise<Entry[]> {
  return must(await admin.from('audit_log').select('*').gt('id', sinceId).order('id'))
}

async function newestId(): Promise<number> {
  const rows = must(await admin.from('audit_log').select('id').order('id', { ascending: false }).limit(1))
  return rows[0]?.id ?? 0
}

/** Runs `work` and answers the log's rows it wrote. */
async function recorded(work: () => Promise<void>): Promise<Entry[]> {
  const since = await newestId()
  await work()
  return entriesAfter(since)
}

describe('what the log records', () => {
  it('records codes generated in one batch as one row, with the codes and their extra time, by the admin', async () => {
    const codes = [randomCode(), randomCode(), randomCode()].sort()
    const rows = await recorded(async () => {
      succeeded(await admin.from('login_codes').insert(codes.map((code) => ({ code, extra_minutes: 15 }))))
    })
    expect(rows).toMatchObject([
      {
        action: 'codes_generated',
        actor: stack.adminEmail,
        subject: null,
        details: { count: 3, codes, extra_minutes: 15 },
      },
    ])
    expect(rows[0]?.actor_id).toEqual(expect.any(String))
    const deleted = await recorded(async () => {
      succeeded(await admin.from('login_codes').delete().in('code', codes))
    })
    expect(deleted).toMatchObject([{ action: 'codes_deleted', actor: stack.adminEmail, details: { count: 3, codes } }])
  })

  it('records which deleted codes had been used', async () => {
    const [unused, used] = [randomCode(), randomCode()]
    succeeded(await service.from('login_codes').insert({ code: unused }))
    succeeded(await service.from('login_codes').insert({ code: used, is_used: true, used_by: 'Ada', used_at: isoFromNow(0) }))
    const rows = await recorded(async () => {
      succeeded(await admin.from('login_codes').delete().in('code', [unused, used]))
    })
    expect(rows).toMatchObject([
      { action: 'codes_deleted', details: { count: 2, codes: [unused, used].sort(), used_codes: [used] } },
    ])
  })

  it('records which code of a batch got which extra time when they differ', async () => {
    const [plain, friend] = [randomCode(), randomCode()]
    try {
      const rows = await recorded(async () => {
        succeeded(
          await admin.from('login_codes').insert([
            { code: plain, extra_minutes: 0 },
            { code: friend, extra_minutes: 180 },
          ]),
        )
      })
      expect(rows).toHaveLength(1)
      expect(rows[0]?.details).toEqual({ count: 2, codes: [plain, friend].sort(), extra_minutes_by_code: { [friend]: 180 } })
    } finally {
      succeeded(await service.from('login_codes').delete().in('code', [plain, friend]))
    }
  })

  it('records extra time given to a code with the minutes before and after, and nothing for other updates', async () => {
    const code = await newCode()
    const rows = await recorded(async () => {
      succeeded(await admin.from('login_codes').update({ extra_minutes: 20 }).eq('code', code))
      succeeded(await admin.from('login_codes').update({ extra_minutes: 20 }).eq('code', code))
      succeeded(await service.from('login_codes').update({ is_used: false }).eq('code', code))
    })
    expect(rows).toMatchObject([{ action: 'extra_time_changed', subject: code, details: { from: 0, to: 20 } }])
  })

  it("records time added for the whole room as one row with its codes, beside each code's own", async () => {
    const code = await newCode()
    const started = must(await anon.rpc('exam_questions', { code, attempt_id: randomUUID(), student_name: 'Ada Lovelace' }))
    expect(started).toMatchObject({ outcome: 'ok' })
    const rows = await recorded(async () => {
      expect(must(await admin.rpc('add_time_for_everyone', { minutes: 5 }))).toMatchObject({ outcome: 'added' })
    })
    const room = rows.filter((row) => row.action === 'room_time_added')
    expect(room).toMatchObject([{ actor: stack.adminEmail, details: { minutes: 5, codes: expect.arrayContaining([code]) } }])
    expect(rows).toContainEqual(
      expect.objectContaining({ action: 'extra_time_changed', subject: code, details: { from: 0, to: 5 } }),
    )
  })

  it('records Delete All, a question added, its key changed and an import (new and replaced apart)', async () => {
    await withQuestionBankRestored(async (bank) => {
      const deletedAll = await recorded(async () => {
        succeeded(await admin.from('questions').delete().neq('id', zeroUuid))
      })
      expect(deletedAll).toMatchObject([
        { action: 'questions_deleted', details: { all: true, count: bank.length, numbers: bank.map((q) => q.question_number) } },
      ])

      const question = {
        question_text: 'Which is a prime?',
        option_a: '4',
        option_b: '6',
        option_c: '7',
        option_d: '9',
        correct_answer: 'B',
      }
      const added = await recorded(async () => {
        succeeded(await admin.from('questions').insert({ question_number: 1, ...question }))
      })
      expect(added).toMatchObject([{ action: 'questions_added', subject: '1', details: { count: 1, numbers: [1] } }])

      const changed = await recorded(async () => {
        succeeded(
          await admin
            .from('questions')
            .update({ ...question, correct_answer: 'C' })
            .eq('question_number', 1),
        )
      })
      expect(changed).toMatchObject([
        { action: 'question_changed', subject: '1', details: { changes: { correct_answer: ['B', 'C'] } } },
      ])

      // The Question Manager's import: one bulk upsert on question_number.
      const imported = await recorded(async () => {
        succeeded(
          await admin.from('questions').upsert(
            [
              { question_number: 1, ...question, correct_answer: 'D' },
              { question_number: 2, ...question },
              { question_number: 3, ...question },
            ],
            { onConflict: 'exam_id,question_number' },
          ),
        )
      })
      // Both statement triggers of the upsert record their part, in PostgreSQL's order, and the
      // key it changed is a key change (migration 20261124004000).
      expect(imported).toHaveLength(3)
      expect(imported).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            action: 'questions_imported',
            details: { count: 2, numbers: [2, 3], replaced: false, keys: { '2': 'B', '3': 'B' } },
          }),
          expect.objectContaining({
            action: 'questions_imported',
            subject: '1',
            details: { count: 1, numbers: [1], replaced: true, keys: { '1': 'D' } },
          }),
          expect.objectContaining({
            action: 'question_changed',
            subject: '1',
            details: { changes: { correct_answer: ['C', 'D'] } },
          }),
        ]),
      )

      const deletedOne = await recorded(async () => {
        succeeded(await admin.from('questions').delete().eq('question_number', 2))
      })
      expect(deletedOne).toMatchObject([{ action: 'questions_deleted', subject: '2', details: { all: false, count: 1 } }])
    })
  })

  it('records a schedule created, changed (old and new values) and deleted', async () => {
    const start = isoFromNow(24 * hour)
    const end = isoFromNow(26 * hour)
    const rows = await recorded(async () => {
      const schedule = must(
        await admin
          .from('exam_schedule')
          .insert({ exam_name: 'Activity log window', start_time: start, end_time: end, is_active: false })
          .select()
          .single(),
      )
      succeeded(await admin.from('exam_schedule').update({ duration_minutes: 45 }).eq('id', schedule.id))
      succeeded(await admin.from('exam_schedule').delete().eq('id', schedule.id))
    })
    expect(rows).toMatchObject([
      { action: 'schedule_created', subject: 'Activity log window', details: { duration_minutes: 30, is_active: false } },
      { action: 'schedule_changed', subject: 'Activity log window', details: { changes: { duration_minutes: [30, 45] } } },
      { action: 'schedule_deleted', subject: 'Activity log window' },
    ])
  })

  it('records a submission recovered from an answer file, and nothing for one the student sent', async () => {
    const sent = await newCode()
    const recovered = await newCode()
    const rows = await recorded(async () => {
      const receipt = must(await anon.rpc('submit_exam', await startedSubmission(sent))) as { outcome: string }
      expect(receipt.outcome).toBe('accepted')
      const attemptId = randomUUID()
      const started = must(
        await anon.rpc('exam_questions', { code: recovered, attempt_id: attemptId, student_name: 'Zoë Ødegaard' }),
      ) as { outcome: string; answer_file_key: string }
      expect(started.outcome).toBe('ok')
      const submission = {
        ...submitExamArgs(recovered, { submission_id: attemptId, student_name: 'Zoë Ødegaard', started_at: isoFromNow(-minute) }),
        submitted_at: isoFromNow(0),
      } as ExamSubmission
      await reportAnswers(attemptId, recovered, submission.answers)
      const file = buildAnswerFile(submission, started.answer_file_key)
      const answer = must(await admin.rpc('recover_submission_from_file', { file: file as never })) as { outcome: string }
      expect(answer.outcome).toBe('accepted')
    })
    expect(rows.filter((row) => row.action === 'answer_file_recovered')).toMatchObject([
      { subject: recovered, actor: stack.adminEmail, details: { student_name: 'Zoë Ødegaard', arrived_late: false } },
    ])
  })

  it('names the service role when the change came with its key', async () => {
    const code = randomCode()
    const rows = await recorded(async () => {
      succeeded(await service.from('login_codes').insert({ code }))
      succeeded(await service.from('login_codes').delete().eq('code', code))
    })
    expect(rows).toMatchObject([
      { action: 'codes_generated', actor: 'service_role', actor_id: null, subject: code },
      { action: 'codes_deleted', actor: 'service_role', actor_id: null, subject: code },
    ])
  })
})

describe('who may read and change the log', () => {
  let entry: Entry

  beforeAll(async () => {
    const code = await newCode()
    const [row] = await recorded(async () => {
      succeeded(await admin.from('login_codes').update({ extra_minutes: 5 }).eq('code', code))
    })
    if (!row) throw new Error('nothing was recorded')
    entry = row
  })

  it('lets administrators read it and shows nobody else a row', async () => {
    expect(must(await admin.from('audit_log').select('id').eq('id', entry.id))).toHaveLength(1)
    expect((await anon.from('audit_log').select('id').eq('id', entry.id)).error?.code).toBe('42501')
    expect(must(await (await nonAdminClient()).from('audit_log').select('id').eq('id', entry.id))).toEqual([])
  })

  it('refuses every insert, update and delete through the API, the administrator and the service role included', async () => {
    for (const client of [admin, service]) {
      const inserted = await client.from('audit_log').insert({ actor: 'someone else', action: 'codes_deleted' })
      expect(inserted.error?.code).toBe('42501')
      const updated = await client.from('audit_log').update({ actor: 'someone else' }).eq('id', entry.id)
      expect(updated.error?.code).toBe('42501')
      const deleted = await client.from('audit_log').delete().eq('id', entry.id)
      expect(deleted.error?.code).toBe('42501')
    }
    expect(must(await admin.from('audit_log').select('*').eq('id', entry.id).single())).toEqual(entry)
  })

  it('keeps nothing of a change that was refused', async () => {
    const rows = await recorded(async () => {
      // A code that breaks the code's check: the whole insert is refused, so nothing happened.
      const refused = await admin.from('login_codes').insert([{ code: randomCode() }, { code: 'not a code' }])
      expect(refused.error?.code).toBe('23514')
      expect(
        (await admin.from('login_codes').update({ extra_minutes: 999 }).eq('code', randomCode())).error?.code,
      ).toBeUndefined()
    })
    expect(rows).toEqual([])
  })
})
