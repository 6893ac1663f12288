import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database, Tables } from '../../src/lib/api/database.types.ts'
import { adminClient, serviceClient, stack } from './clients.ts'
import {
  isoFromNow,
  loginCodesPerFile,
  minute,
  must,
  randomQuestionNumber,
  readCode,
  submissionRow,
  succeeded,
  withQuestions,
  type Submission,
} from './exam-data.ts'

/**
 * Issue 23, item 5: an administrator changes results and codes only through paths the activity log
 * records (migration 20261127000100). Probed as the review did, signed in as an administrator, with
 * supabase-js and with raw /rest/v1 requests: a submission cannot be changed, deleted, invented or
 * voided by hand, a code's use cannot be switched, and the log of question changes depends on what
 * the statement did, never on a header the caller chooses.
 */

type Client = SupabaseClient<Database>
type Entry = Tables<'audit_log'>

const service = serviceClient()
let admin: Client
let adminToken: string
const { newCode, unknownCode } = loginCodesPerFile()

beforeAll(async () => {
  admin = await adminClient()
  const token = (await admin.auth.getSession()).data.session?.access_token
  if (!token) throw new Error('no session')
  adminToken = token
})

/** A request to /rest/v1 with the administrator's token, as any HTTP client could send it. */
async function rest(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${stack.url}/rest/v1/${path}`, {
    method,
    headers: {
      apikey: stack.anonKey,
      Authorization: `Bearer ${adminToken}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, body: await response.text() }
}

async function newestLogId(): Promise<number> {
  const rows = must(await admin.from('audit_log').select('id').order('id', { ascending: false }).limit(1))
  return rows[0]?.id ?? 0
}

/** Runs `work` and answers the log's rows it wrote, oldest first (the integration files run one at a time). */
async function recorded(work: () => Promise<void>): Promise<Entry[]> {
  const since = await newestLogId()
  await work()
  return must(await admin.from('audit_log').select('*').gt('id', since).order('id'))
}

function expectRefused(answer: { error: { code: string } | null }, what: string): void {
  expect(answer.error?.code, what).toBe('42501')
}

describe('submissions, for an administrator', () => {
  let code: string
  let stored: Submission

  beforeAll(async () => {
    code = await newCode({ is_used: true, used_by: 'Ada Lovelace', used_at: isoFromNow(-minute) })
    stored = must(
      await service
        .from('submissions')
        .insert(submissionRow(code, { student_name: 'Ada Lovelace', score: 0, tab_switches: 7 }))
        .select()
        .single(),
    )
  })

  const current = async () => must(await service.from('submissions').select('*').eq('id', stored.id).single())

  it('refuses a score or tab switches changed by hand, and keeps them', async () => {
    const rows = await recorded(async () => {
      expectRefused(await admin.from('submissions').update({ score: 40 }).eq('id', stored.id), 'score')
      expectRefused(await admin.from('submissions').update({ tab_switches: 0 }).eq('id', stored.id), 'tab switches')
      const patched = await rest('PATCH', `submissions?id=eq.${stored.id}`, { score: 40, tab_switches: 0 })
      expect(patched.status, patched.body).toBe(403)
    })
    expect(await current()).toEqual(stored)
    expect(rows).toEqual([])
  })

  it('refuses a void written by hand (voided_at, void_reason, voided_by): only void_submission voids, and it is recorded', async () => {
    expectRefused(
      await admin
        .from('submissions')
        .update({ voided_at: isoFromNow(0), void_reason: 'By hand', voided_by: 'someone@else.test' })
        .eq('id', stored.id),
      'void by hand',
    )
    expectRefused(await admin.from('submissions').update({ voided_by: 'someone@else.test' }).eq('id', stored.id), 'voided_by')
    expect(await current()).toEqual(stored)

    const rows = await recorded(async () => {
      expect(must(await admin.rpc('void_submission', { submission_id: stored.id, reason: 'Copied' }))).toMatchObject({
        outcome: 'voided',
      })
      expect(must(await admin.rpc('restore_submission', { submission_id: stored.id }))).toMatchObject({ outcome: 'restored' })
    })
    expect(rows).toMatchObject([
      { action: 'submission_voided', subject: code, actor: stack.adminEmail, details: { reason: 'Copied' } },
      { action: 'submission_restored', subject: code, actor: stack.adminEmail },
    ])
  })

  it('refuses deleting a submission, which stays stored', async () => {
    expectRefused(await admin.from('submissions').delete().eq('id', stored.id), 'delete')
    const deleted = await rest('DELETE', `submissions?id=eq.${stored.id}`)
    expect(deleted.status, deleted.body).toBe(403)
    expect(must(await service.from('submissions').select('id').eq('id', stored.id))).toHaveLength(1)
  })

  it('refuses an invented submission (50/50, no answers), by insert or upsert', async () => {
    const invented = await newCode()
    const row = submissionRow(invented, { answers: {}, score: 50, question_count: 50 })
    expectRefused(await admin.from('submissions').insert(row), 'insert')
    const posted = await rest('POST', 'submissions', row, { Prefer: 'resolution=merge-duplicates' })
    expect(posted.status, posted.body).toBe(403)
    const overwrite = await rest(
      'POST',
      'submissions?on_conflict=id',
      { ...submissionRow(code), id: stored.id, score: 50 },
      {
        Prefer: 'resolution=merge-duplicates',
      },
    )
    expect(overwrite.status, overwrite.body).toBe(403)
    expect(must(await service.from('submissions').select('id').eq('login_code', invented))).toEqual([])
    expect(await current()).toEqual(stored)
  })
})

describe('login codes, for an administrator', () => {
  it('refuses switching is_used on and then off, and the code stays as it was', async () => {
    const code = await newCode()
    const before = await readCode(code)
    const rows = await recorded(async () => {
      expectRefused(
        await admin
          .from('login_codes')
          .update({ is_used: true, used_by: 'Grace Hopper', used_at: isoFromNow(0) })
          .eq('code', code),
        'is_used on',
      )
      const patched = await rest('PATCH', `login_codes?code=eq.${code}`, { is_used: true })
      expect(patched.status, patched.body).toBe(403)
    })
    expect(rows).toEqual([])
    expect(await readCode(code)).toEqual(before)

    const used = await newCode({ is_used: true, used_by: 'Grace Hopper', used_at: isoFromNow(-minute) })
    const usedBefore = await readCode(used)
    expectRefused(
      await admin.from('login_codes').update({ is_used: false, used_by: null, used_at: null }).eq('code', used),
      'is_used off',
    )
    expect(await readCode(used)).toEqual(usedBefore)
  })

  it('refuses changing a code, its creation time or its id, and a code inserted already used', async () => {
    const code = await newCode()
    const before = await readCode(code)
    expectRefused(
      await admin
        .from('login_codes')
        .update({ created_at: isoFromNow(0) })
        .eq('code', code),
      'created_at',
    )
    expectRefused(await admin.from('login_codes').update({ code: 'ZZZZ9999' }).eq('code', code), 'code')
    expectRefused(await admin.from('login_codes').update({ id: randomUUID() }).eq('code', code), 'id')
    const upserted = await rest(
      'POST',
      'login_codes?on_conflict=code',
      { code, extra_minutes: 0, is_used: true },
      {
        Prefer: 'resolution=merge-duplicates',
      },
    )
    expect(upserted.status, upserted.body).toBe(403)
    expect(await readCode(code)).toEqual(before)

    const fresh = unknownCode()
    expectRefused(await admin.from('login_codes').insert({ code: fresh, is_used: true, used_by: 'Nobody' }), 'insert used')
    expect(must(await service.from('login_codes').select('id').eq('code', fresh))).toEqual([])
  })

  it('still generates codes with extra time, changes the extra time and deletes codes, each recorded', async () => {
    const code = unknownCode()
    try {
      const rows = await recorded(async () => {
        succeeded(await admin.from('login_codes').insert({ code, extra_minutes: 10 }))
        succeeded(await admin.from('login_codes').update({ extra_minutes: 25 }).eq('code', code))
        succeeded(await admin.from('login_codes').delete().eq('code', code))
      })
      expect(rows).toMatchObject([
        { action: 'codes_generated', subject: code, details: { codes: [code], extra_minutes: 10 } },
        { action: 'extra_time_changed', subject: code, details: { from: 10, to: 25 } },
        { action: 'codes_deleted', subject: code, details: { codes: [code] } },
      ])
    } finally {
      succeeded(await service.from('login_codes').delete().eq('code', code))
    }
  })
})

describe('question changes in the log, for an administrator', () => {
  const question = {
    question_text: 'Which is a prime?',
    option_a: '4',
    option_b: '7',
    option_c: '8',
    option_d: '9',
    correct_answer: 'B',
  }

  it('records a key changed by deleting and re-adding a question: the old key and the new one', async () => {
    const number = randomQuestionNumber()
    try {
      succeeded(await service.from('questions').insert({ question_number: number, ...question }))
      const rows = await recorded(async () => {
        succeeded(await admin.from('questions').delete().eq('question_number', number))
        succeeded(await admin.from('questions').insert({ question_number: number, ...question, correct_answer: 'D' }))
      })
      expect(rows).toMatchObject([
        {
          action: 'questions_deleted',
          subject: String(number),
          details: { count: 1, numbers: [number], keys: { [number]: 'B' } },
        },
        { action: 'questions_added', subject: String(number), details: { count: 1, numbers: [number], keys: { [number]: 'D' } } },
      ])
    } finally {
      succeeded(await service.from('questions').delete().eq('question_number', number))
    }
  })

  it("records a change sent with an import's Prefer header as a change, with old and new values", async () => {
    await withQuestions([question], async ([row]) => {
      const number = row!.question_number
      const rows = await recorded(async () => {
        const reply = await rest(
          'PATCH',
          `questions?id=eq.${row!.id}`,
          { correct_answer: 'C', question_text: 'Which is not a prime?' },
          { Prefer: 'resolution=merge-duplicates' },
        )
        expect(reply.status, reply.body).toBe(204)
      })
      expect(rows).toMatchObject([
        {
          action: 'question_changed',
          subject: String(number),
          details: { changes: { correct_answer: ['B', 'C'], question_text: ['Which is a prime?', 'Which is not a prime?'] } },
        },
      ])
    })
  })

  it('records an import from what the statement did: replaced questions with their keys, new ones apart', async () => {
    await withQuestions([question], async ([row]) => {
      const number = row!.question_number
      const added = number + 1
      try {
        const rows = await recorded(async () => {
          succeeded(
            await admin.from('questions').upsert(
              [
                { question_number: number, ...question, question_text: 'Which is prime?' },
                { question_number: added, ...question, correct_answer: 'A' },
              ],
              { onConflict: 'exam_id,question_number' },
            ),
          )
        })
        expect(rows).toMatchObject([
          { action: 'questions_imported', details: { replaced: true, numbers: [number], keys: { [number]: 'B' } } },
          {
            action: 'question_changed',
            subject: String(number),
            details: { changes: { question_text: [question.question_text, 'Which is prime?'] } },
          },
          { action: 'questions_imported', details: { replaced: false, numbers: [added], keys: { [added]: 'A' } } },
        ])
      } finally {
        succeeded(await service.from('questions').delete().eq('question_number', added))
      }
    })
  })

  it('records an import that swaps two options’ texts (the right answer changed, its letter kept) with old and new values', async () => {
    await withQuestions([question], async ([row]) => {
      const rows = await recorded(async () => {
        succeeded(
          await admin
            .from('questions')
            .upsert([{ question_number: row!.question_number, ...question, option_a: '7', option_b: '4' }], {
              onConflict: 'exam_id,question_number',
            }),
        )
      })
      expect(rows).toMatchObject([
        { action: 'questions_imported', details: { replaced: true, keys: { [row!.question_number]: 'B' } } },
        {
          action: 'question_changed',
          subject: String(row!.question_number),
          details: { changes: { option_a: ['4', '7'], option_b: ['7', '4'] } },
        },
      ])
    })
  })

  it("refuses changing a question's id or creation time, which would leave its change unpaired or dodge the clean-up", async () => {
    await withQuestions([question], async ([row]) => {
      const rows = await recorded(async () => {
        expectRefused(await admin.from('questions').update({ id: randomUUID(), correct_answer: 'D' }).eq('id', row!.id), 'id')
        expectRefused(
          await admin
            .from('questions')
            .update({ created_at: isoFromNow(60 * minute) })
            .eq('id', row!.id),
          'created_at',
        )
      })
      expect(rows).toEqual([])
      expect(must(await service.from('questions').select('*').eq('id', row!.id).single())).toEqual(row)
    })
  })
})

describe('exam schedules, for an administrator', () => {
  let id: string
  const backdated = `Backdated ${randomUUID()}`

  beforeAll(async () => {
    const schedule = must(
      await service
        .from('exam_schedule')
        .insert({
          exam_name: 'Admin writes window',
          start_time: isoFromNow(24 * 60 * minute),
          end_time: isoFromNow(26 * 60 * minute),
          is_active: false,
        })
        .select('id')
        .single(),
    )
    id = schedule.id
  })

  afterAll(async () => {
    succeeded(await service.from('exam_schedule').delete().eq('id', id))
    succeeded(await service.from('exam_schedule').delete().eq('exam_name', backdated))
  })

  it('refuses changing which schedule is newest (created_at) or its id, which the log does not show', async () => {
    const before = must(await service.from('exam_schedule').select('*').eq('id', id).single())
    expectRefused(
      await admin
        .from('exam_schedule')
        .update({ created_at: isoFromNow(60 * minute) })
        .eq('id', id),
      'created_at',
    )
    expectRefused(await admin.from('exam_schedule').update({ id: randomUUID() }).eq('id', id), 'id')
    expectRefused(
      await admin.from('exam_schedule').insert({
        exam_name: backdated,
        start_time: isoFromNow(0),
        end_time: isoFromNow(60 * minute),
        is_active: false,
        created_at: isoFromNow(60 * minute),
      }),
      'insert created_at',
    )
    expect(must(await service.from('exam_schedule').select('*').eq('id', id).single())).toEqual(before)
    expect(must(await service.from('exam_schedule').select('id').eq('exam_name', backdated))).toEqual([])
  })
})
