import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildAnswerFile } from '../../src/domain/answer-file.ts'
import type { ExamSubmission } from '../../src/domain/exam-submission.ts'
import type { Database, Tables } from '../../src/lib/api/database.types.ts'
import { adminClient, anonClient, serviceClient } from './clients.ts'
import { addQuestions, addSitting, codeOf, type Exam } from './exam-week.ts'
import {
  hour,
  isoFromNow,
  minute,
  moveStart,
  moveSubmissionPastItsExam,
  must,
  randomCode,
  reportAnswers,
  startExam,
  submitExamArgs,
  succeeded,
  zeroUuid,
} from './exam-data.ts'

/**
 * Issue 25, attacked from outside (docs/security.md, "Several exams"): an administrator covering
 * their tracks by moving rows between exams, and a classmate or outsider probing one exam with
 * another's code. Two holes were found and closed: a question could be moved to another exam
 * (migration 20261127212000), and a duplicated exam (the same questions) neither held nor saw the
 * original's key (20261127212100). The rest are probes that held. Chemistry and History, both
 * open now, and the few exams a test makes are this file's own, made by the service role and
 * deleted with their rows afterwards, so every other file still sees a one-exam school.
 */

type Client = SupabaseClient<Database>
type Entry = Tables<'audit_log'>

const service = serviceClient()
const anon = anonClient()
let admin: Client
const exams: Exam[] = []
let chemistry: Exam
let history: Exam

async function newExam(name: string): Promise<Exam> {
  const exam = must(
    await service
      .from('exams')
      .insert({ name: `${name} ${randomCode()}` })
      .select()
      .single(),
  )
  exams.push(exam)
  return exam
}

/** The activity log's rows from `afterId` on, of every exam, as the administrator's "All exams" reads them. */
async function logSince(afterId: number): Promise<Entry[]> {
  return must(await admin.from('audit_log').select('*').gt('id', afterId).order('id'))
}

async function newestLogId(): Promise<number> {
  const rows = must(await service.from('audit_log').select('id').order('id', { ascending: false }).limit(1))
  return rows[0]?.id ?? 0
}

const every = (count: number, letter: string) =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [String(i + 1), letter]))

/** Moves `sitting` back to a morning 21 hours ago: long over, its solutions due. */
async function endLongAgo(sitting: Tables<'exam_schedule'>): Promise<void> {
  succeeded(
    await service
      .from('exam_schedule')
      .update({ start_time: isoFromNow(-21 * hour), end_time: isoFromNow(-20 * hour + 30 * minute) })
      .eq('id', sitting.id),
  )
}

/** A code of `exam` started and submitted with `answers`, it and `sitting` moved back so its solutions are due. */
async function submittedLongAgo(exam: Exam, sitting: Tables<'exam_schedule'>, answers: Record<string, string>): Promise<string> {
  const code = await codeOf(exam)
  const attemptId = randomUUID()
  await startExam(code, attemptId, anon)
  must(await anon.rpc('submit_exam', submitExamArgs(code, { submission_id: attemptId, answers, submitted_at: isoFromNow(0) })))
  await moveSubmissionPastItsExam(attemptId)
  await endLongAgo(sitting)
  return code
}

beforeAll(async () => {
  admin = await adminClient()
  chemistry = await newExam('Chemistry')
  history = await newExam('History')
  await addQuestions(chemistry, 10, 'A')
  await addQuestions(history, 10, 'B')
  await addSitting(chemistry)
  await addSitting(history)
})

afterAll(async () => {
  const ids = exams.map((e) => e.id)
  succeeded(await service.from('submissions').delete().in('exam_id', ids))
  succeeded(await service.from('exams').delete().in('id', ids))
  expect(must(await service.from('login_codes').select('code').in('exam_id', ids))).toEqual([])
})

describe('an administrator moving rows between exams', () => {
  it('cannot move a question to another exam, as the administrator or the service role: its snapshot, score and log stay its exam’s', async () => {
    // A chemistry student has started: their snapshot holds question 1 with its key A.
    const code = await codeOf(chemistry)
    const attemptId = randomUUID()
    await startExam(code, attemptId, anon)
    const [question] = must(await service.from('questions').select('*').eq('exam_id', chemistry.id).eq('question_number', 1))
    const before = await newestLogId()

    // Moved to History (under a free number, with History's key), it would be regraded, released
    // and logged as History's while Chemistry's submissions were scored on it.
    for (const [who, client] of [
      ['administrator', admin],
      ['service role', service],
    ] as const) {
      const moved = await client
        .from('questions')
        .update({ exam_id: history.id, question_number: 11, correct_answer: 'B' })
        .eq('id', question!.id)
        .select()
      expect(moved.error?.code, who).toBe('42501')
      expect(moved.data, who).toBeNull()
    }
    // Sending the question's own exam (as an import's upsert does) is no move, and still allowed.
    succeeded(await admin.from('questions').update({ exam_id: chemistry.id }).eq('id', question!.id))

    expect(must(await service.from('questions').select('*').eq('id', question!.id))).toEqual([question])
    expect(await logSince(before)).toEqual([])
    const receipt = must(
      await anon.rpc(
        'submit_exam',
        submitExamArgs(code, { submission_id: attemptId, answers: every(10, 'A'), submitted_at: isoFromNow(0) }),
      ),
    )
    expect(receipt).toMatchObject({ outcome: 'accepted', score: 10, total: 10 })
  })

  it('cannot change a code’s or a sitting’s exam, and logs nothing', async () => {
    const code = await codeOf(chemistry)
    const [sitting] = must(await service.from('exam_schedule').select('*').eq('exam_id', chemistry.id))
    const before = await newestLogId()
    const movedCode = await admin.from('login_codes').update({ exam_id: history.id }).eq('code', code).select()
    expect(movedCode.error?.code).toBe('42501')
    const movedSitting = await admin.from('exam_schedule').update({ exam_id: history.id }).eq('id', sitting!.id).select()
    expect(movedSitting.error?.code).toBe('42501')
    expect(must(await service.from('login_codes').select('exam_id').eq('code', code))).toEqual([{ exam_id: chemistry.id }])
    expect(must(await service.from('exam_schedule').select('*').eq('id', sitting!.id))).toEqual([sitting])
    expect(await logSince(before)).toEqual([])
  })

  it('cannot make a code, a sitting or a question for an exam that does not exist, nor one without an exam', async () => {
    const before = await newestLogId()
    const question = {
      question_number: 12,
      question_text: 'Nowhere?',
      option_a: 'a',
      option_b: 'b',
      option_c: 'c',
      option_d: 'd',
      correct_answer: 'A',
    }
    const sitting = { exam_name: 'Nowhere', start_time: isoFromNow(0), end_time: isoFromNow(hour), is_active: false }
    for (const examId of [zeroUuid, null]) {
      const refused = examId === null ? '23502' : '23503'
      expect((await admin.from('login_codes').insert({ code: randomCode(), exam_id: examId as string })).error?.code).toBe(
        refused,
      )
      expect((await admin.from('exam_schedule').insert({ ...sitting, exam_id: examId as string })).error?.code).toBe(refused)
      expect((await admin.from('questions').insert({ ...question, exam_id: examId as string })).error?.code).toBe(refused)
    }
    expect(await logSince(before)).toEqual([])
  })

  it('records a History code’s extra time and a History submission’s void and restore under History, not the first exam', async () => {
    const code = await codeOf(history)
    const attemptId = randomUUID()
    await startExam(code, attemptId, anon)
    must(
      await anon.rpc(
        'submit_exam',
        submitExamArgs(code, { submission_id: attemptId, answers: every(10, 'B'), submitted_at: isoFromNow(0) }),
      ),
    )
    const extra = await codeOf(history)
    const before = await newestLogId()
    succeeded(await admin.from('login_codes').update({ extra_minutes: 15 }).eq('code', extra))
    must(await admin.rpc('void_submission', { submission_id: attemptId, reason: 'Seen with notes' }))
    must(await admin.rpc('restore_submission', { submission_id: attemptId }))
    const rows = await logSince(before)
    expect(rows.map((row) => [row.action, row.subject, row.exam_id])).toEqual([
      ['extra_time_changed', extra, history.id],
      ['submission_voided', code, history.id],
      ['submission_restored', code, history.id],
    ])
  })
})

describe('a classmate or an outsider probing with another exam’s code', () => {
  it('is told only used or invalid for a used code of another exam and an unknown one: no exam, no sitting', async () => {
    const used = await codeOf(history)
    const attemptId = randomUUID()
    await startExam(used, attemptId, anon)
    must(await anon.rpc('submit_exam', submitExamArgs(used, { submission_id: attemptId, submitted_at: isoFromNow(0) })))
    // The code as stored, which the student typed: nothing of its exam.
    expect(must(await anon.rpc('check_login_code', { code: used }))).toEqual({ outcome: 'used', login_code: used })
    expect(must(await anon.rpc('check_login_code', { code: randomCode() }))).toEqual({ outcome: 'invalid' })
  })

  it('reads no exam of another through the anonymous exam list: no archived one, no settings, no filter on a hidden column', async () => {
    const archived = await newExam('Archived Latin')
    await addSitting(archived)
    succeeded(
      await service
        .from('exams')
        .update({ archived_at: isoFromNow(-minute) })
        .eq('id', archived.id),
    )
    const seen = must(await anon.from('exams').select('id, name'))
    expect(seen).toEqual(expect.arrayContaining([{ id: history.id, name: history.name }]))
    expect(seen.map((e) => e.id)).not.toContain(archived.id)
    for (const filter of ['archived_at', 'created_at', 'default_duration_minutes']) {
      const probed = await anon.from('exams').select('id').not(filter, 'is', null)
      expect(probed.error?.code, filter).toBe('42501')
    }
    // Its sitting is still readable (docs/security.md, known limits), but anon's exam list does
    // not name its exam, so the login screen leaves it out (unit/student-api › reads every active
    // sitting with its exam’s name, leaving out a sitting whose exam students no longer see).
    const sittings = must(await anon.from('exam_schedule').select('exam_id').in('exam_id', [history.id, archived.id]))
    expect(sittings.map((sitting) => sitting.exam_id).sort()).toEqual([history.id, archived.id].sort())
    // The archived exam's code is refused at the code step, its sitting still open.
    expect(must(await anon.rpc('check_login_code', { code: await codeOf(archived) }))).toMatchObject({ outcome: 'exam_closed' })
  })
})

describe('a classmate or the proctor reaching across exams', () => {
  it('cannot have an answer file of one exam recovered under another exam’s attempt or submission', async () => {
    const historyCode = await codeOf(history)
    const historyAttempt = randomUUID()
    const started = await startExam(historyCode, historyAttempt, anon)
    await reportAnswers(historyAttempt, historyCode, every(10, 'B'))
    const chemistryCode = await codeOf(chemistry)
    const chemistryAttempt = randomUUID()
    await startExam(chemistryCode, chemistryAttempt, anon)
    const chemistrySubmitted = randomUUID()
    const other = await codeOf(chemistry)
    await startExam(other, chemistrySubmitted, anon)
    must(
      await anon.rpc(
        'submit_exam',
        submitExamArgs(other, { submission_id: chemistrySubmitted, answers: every(10, 'C'), submitted_at: isoFromNow(0) }),
      ),
    )
    const before = must(await service.from('submissions').select('*').eq('id', chemistrySubmitted))

    // The history student tags files with their own key, naming the chemistry attempt and submission.
    const recover = async (id: string) => {
      const submission = submitExamArgs(historyCode, { submission_id: id, answers: every(10, 'B') }) as ExamSubmission
      return await admin.rpc('recover_submission_from_file', {
        file: buildAnswerFile(submission, started.answer_file_key as string) as never,
      })
    }
    // Under the chemistry attempt: no history attempt of that id reported in time.
    expect((await recover(chemistryAttempt)).data).toEqual({ outcome: 'not_reported' })
    expect((await recover(chemistrySubmitted)).error).toMatchObject({
      code: '22023',
      message: 'submission id belongs to another login code',
    })
    expect(must(await service.from('submissions').select('*').eq('id', chemistrySubmitted))).toEqual(before)
    expect(must(await service.from('submissions').select('id').in('login_code', [historyCode, chemistryCode]))).toEqual([])
    expect(must(await service.from('login_codes').select('is_used').in('code', [historyCode, chemistryCode]))).toEqual([
      { is_used: false },
      { is_used: false },
    ])
  })

  it('adds no time to one exam’s students through another exam’s sitting, and records none', async () => {
    const historyCode = await codeOf(history)
    const attemptId = randomUUID()
    await startExam(historyCode, attemptId, anon)
    const [historySitting] = must(await service.from('exam_schedule').select('id').eq('exam_id', history.id))
    const deadline = must(await service.from('exam_attempts').select('deadline').eq('id', attemptId))
    const before = await newestLogId()
    const added = must(
      await admin.rpc('add_time_for_everyone', { minutes: 5, exam_id: chemistry.id, sitting_id: historySitting!.id }),
    )
    expect(added).toEqual({ outcome: 'nobody_writing', students: 0 })
    expect(must(await service.from('exam_attempts').select('deadline').eq('id', attemptId))).toEqual(deadline)
    expect(await logSince(before)).toEqual([])
  })
})

describe('a classmate writing a copy of an exam that is over', () => {
  type Lookup = { outcome: string; solutions_held: boolean; solutions: unknown[] | null }
  const lookup = async (code: string) => must(await anon.rpc('lookup_result', { code })) as unknown as Lookup

  it('holds the solutions of an exam while its duplicate (the same questions) is written, though another exam’s writing holds nothing', async () => {
    const biology = await newExam('Biology')
    await addQuestions(biology, 5, 'C')
    const sitting = await addSitting(biology)
    // Biology's morning is long over; Chemistry and History are still being written.
    const code = await submittedLongAgo(biology, sitting, every(5, 'C'))
    expect(await lookup(code)).toMatchObject({ outcome: 'ok', solutions_held: false })

    // The afternoon's make-up is Biology duplicated: a student writing it would be handed the key.
    const makeUpId = must(await admin.rpc('duplicate_exam', { exam_id: biology.id, name: `${biology.name} make-up` }))
    const makeUp = must(await service.from('exams').select('*').eq('id', makeUpId).single())
    exams.push(makeUp)
    await addSitting(makeUp)
    await startExam(await codeOf(makeUp), randomUUID(), anon)
    const held = await lookup(code)
    expect(held).toMatchObject({ outcome: 'ok', solutions_held: true })
    expect(held.solutions ?? []).toEqual([])
  })
  it('is not held by an archived exam with the same questions, whose leftover codes can no longer start', async () => {
    const lastTerm = await newExam('Geology')
    await addQuestions(lastTerm, 3, 'A')
    await codeOf(lastTerm)
    const thisTermId = must(await admin.rpc('duplicate_exam', { exam_id: lastTerm.id, name: `${lastTerm.name} term 2` }))
    succeeded(
      await service
        .from('exams')
        .update({ archived_at: isoFromNow(-minute) })
        .eq('id', lastTerm.id),
    )
    const thisTerm = must(await service.from('exams').select('*').eq('id', thisTermId).single())
    exams.push(thisTerm)
    const sitting = await addSitting(thisTerm)
    const code = await submittedLongAgo(thisTerm, sitting, every(3, 'A'))
    expect(await lookup(code)).toMatchObject({ outcome: 'ok', solutions_held: false })
  })
})

describe('a classmate given time on a copy of an exam whose key is out', () => {
  it('refuses extra time reopening a duplicate’s attempt once the original’s solutions were shown since it started', async () => {
    const physics = await newExam('Physics')
    await addQuestions(physics, 4, 'D')
    const sitting = await addSitting(physics)
    const makeUpId = must(await admin.rpc('duplicate_exam', { exam_id: physics.id, name: `${physics.name} make-up` }))
    const makeUp = must(await service.from('exams').select('*').eq('id', makeUpId).single())
    exams.push(makeUp)
    const makeUpSitting = await addSitting(makeUp)
    const late = await codeOf(makeUp)
    await startExam(late, randomUUID(), anon)
    // Both sittings are over, and so is the make-up student's time (their device never sent).
    const code = await submittedLongAgo(physics, sitting, every(4, 'D'))
    await moveStart(late, isoFromNow(-20 * hour), isoFromNow(-20 * hour + 30 * minute))
    await endLongAgo(makeUpSitting)
    const shown = must(await anon.rpc('lookup_result', { code })) as unknown as { solutions_held: boolean; solutions: unknown[] }
    expect(shown.solutions_held).toBe(false)
    expect(shown.solutions).toHaveLength(4)

    const reopened = await admin.from('login_codes').update({ extra_minutes: 30 }).eq('code', late).select()
    expect(reopened.error?.message).toBe(
      "The solutions of this exam have been shown, so extra time can no longer reopen this student's exam.",
    )
    expect(must(await service.from('login_codes').select('extra_minutes').eq('code', late))).toEqual([{ extra_minutes: 0 }])
  })
})
