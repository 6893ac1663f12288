import { beforeEach, describe, expect, it, vi } from 'vitest'
import { getSupabase } from '../api/supabase'
import { listLiveAttempts, loadLiveAttemptCounts } from './admin-attempts'
import { loadAdminCounts } from './admin-dashboard'
import { listActivity } from './admin-activity'
import { listLoginCodes, generateLoginCodes, loadLoginCodeCounts } from './admin-login-codes'
import { addQuestion, deleteAllQuestions, importQuestions, listQuestions } from './admin-questions'
import { createSchedule, listSchedules } from './admin-schedules'
import { loadDayResultsPage, loadDayScoreBands, loadResultsSummary } from './admin-submissions'
import { loadItemAnalysis } from './item-analysis'
import { addTimeForEveryone, countStudentsStillWriting, listRoomTimeAdditions } from './room-time'
import { createExam, duplicateExam, renameExam, setExamArchived } from './admin-exams'

vi.mock('../api/supabase', () => ({ getSupabase: vi.fn() }))

/** Every call made on the client, in order: [method, ...arguments]. */
let calls: unknown[][]
/** What every request answers. */
let answer: unknown

/** A client that records each call and answers `answer` to whatever chain of calls ends in an await. */
function recordingClient(): unknown {
  const chain: object = new Proxy(
    {},
    {
      get(_, name) {
        if (name === 'then') return (resolve: (value: unknown) => void) => resolve(answer)
        return (...args: unknown[]) => {
          calls.push([name, ...args])
          return chain
        }
      },
    },
  )
  return chain
}

beforeEach(() => {
  calls = []
  answer = { data: [], error: null, count: 0 }
  vi.mocked(getSupabase).mockImplementation(() => recordingClient() as ReturnType<typeof getSupabase>)
})

const exam = 'exam-physics'
const fields = {
  question_number: 1,
  type: 'mcq',
  question_text: 'Q',
  option_a: 'a',
  option_b: 'b',
  option_c: 'c',
  option_d: 'd',
  correct_answer: 'A',
} as Parameters<typeof addQuestion>[0]
const rpcArguments = (name: string) => calls.find((call) => call[0] === 'rpc' && call[1] === name)?.[2]

describe('each admin read and write within an exam', () => {
  it('lists, inserts, imports and deletes the questions of the exam only', async () => {
    await listQuestions(exam)
    expect(calls).toContainEqual(['eq', 'exam_id', exam])
    calls = []
    await addQuestion(fields, exam)
    expect(calls).toContainEqual(['insert', { ...fields, exam_id: exam }])
    calls = []
    await importQuestions([fields as Parameters<typeof importQuestions>[0][number]], exam)
    expect(calls.find((call) => call[0] === 'upsert')?.[1]).toEqual([{ ...fields, exam_id: exam }])
    calls = []
    await deleteAllQuestions(exam)
    expect(calls).toEqual([['from', 'questions'], ['delete'], ['eq', 'exam_id', exam]])
  })

  it('sends no exam without one (a one-exam school asks what it asked before)', async () => {
    await addQuestion(fields)
    expect(calls).toContainEqual(['insert', fields])
    calls = []
    await deleteAllQuestions()
    expect(calls.some((call) => call[1] === 'exam_id')).toBe(false)
    calls = []
    await loadAdminCounts('failed')
    expect(rpcArguments('admin_counts')).toEqual({ exam_id: undefined })
  })

  it('lists and generates the login codes of the exam', async () => {
    await listLoginCodes('available', 0, 50, { examId: exam, label: '10B' })
    expect(rpcArguments('admin_login_codes')).toEqual({
      exam_id: exam,
      status: 'available',
      label: '10B',
      page_offset: 0,
      page_size: 50,
    })
    calls = []
    await loadLoginCodeCounts({ examId: exam })
    expect(rpcArguments('admin_login_code_counts')).toEqual({ exam_id: exam, label: undefined })
    calls = []
    await generateLoginCodes({ count: 2, extraMinutes: 0, label: null, names: [] }, undefined, exam)
    const inserted = calls.find((call) => call[0] === 'insert')?.[1] as { exam_id: string }[]
    expect(inserted.map((row) => row.exam_id)).toEqual([exam, exam])
  })

  it('lists the sittings of the exam and creates one in it', async () => {
    await listSchedules(exam)
    expect(calls).toContainEqual(['eq', 'exam_id', exam])
    calls = []
    const sitting = {
      exam_name: 'Physics morning',
      start_time: '2026-11-30T08:00:00Z',
      end_time: '2026-11-30T10:00:00Z',
      duration_minutes: 45,
      is_active: true,
      shuffle_questions: true,
      shuffle_options: true,
    }
    await createSchedule(sitting, exam)
    expect(calls).toContainEqual(['insert', { ...sitting, exam_id: exam }])
  })

  it('reads the results, a day, its bands and the item analysis within the exam', async () => {
    answer = { data: null, error: null }
    await loadResultsSummary({ search: '', day: null, examId: exam })
    expect(rpcArguments('admin_results_summary')).toMatchObject({ exam_id: exam })
    await loadDayResultsPage({ day: '2026-11-30', search: '', examId: exam }, 0, 100)
    expect(rpcArguments('admin_day_results')).toMatchObject({ day: '2026-11-30', exam_id: exam })
    answer = { data: [], error: null }
    await loadDayScoreBands({ day: '2026-11-30', search: '', examId: exam })
    expect(rpcArguments('admin_day_score_bands')).toMatchObject({ exam_id: exam })
    await loadItemAnalysis({ scheduleId: 'sitting-1' }, exam)
    expect(rpcArguments('admin_item_analysis')).toMatchObject({ schedule_id: 'sitting-1', exam_id: exam })
    await loadAdminCounts('failed', exam)
    expect(rpcArguments('admin_counts')).toEqual({ exam_id: exam })
  })

  it('reads and acts on the Proctor Room of an exam and a sitting', async () => {
    const room = { examId: exam, sittingId: 'sitting-1' }
    await listLiveAttempts(0, 100, room)
    expect(rpcArguments('admin_live_attempts')).toEqual({ exam_id: exam, sitting_id: 'sitting-1', order_by: 'name' })
    calls = []
    await listLiveAttempts(0, 100, room, 'seat')
    expect(rpcArguments('admin_live_attempts')).toEqual({ exam_id: exam, sitting_id: 'sitting-1', order_by: 'seat' })
    await loadLiveAttemptCounts(room)
    expect(rpcArguments('admin_live_attempt_counts')).toEqual({ exam_id: exam, sitting_id: 'sitting-1' })
    await countStudentsStillWriting(room)
    expect(rpcArguments('room_time_students')).toEqual({ exam_id: exam, sitting_id: 'sitting-1' })
    answer = { data: { outcome: 'added', students: 3, minutes: 5 }, error: null }
    expect(await addTimeForEveryone(5, room)).toEqual({ ok: true, data: 3 })
    expect(rpcArguments('add_time_for_everyone')).toEqual({ minutes: 5, exam_id: exam, sitting_id: 'sitting-1' })
    calls = []
    answer = { data: [], error: null }
    await listRoomTimeAdditions(exam)
    expect(calls).toContainEqual(['eq', 'exam_id', exam])
  })

  it('filters the activity by exam, and shows every row for all exams', async () => {
    await listActivity({ kind: null, day: null, examId: exam }, 0, 50)
    expect(calls).toContainEqual(['eq', 'exam_id', exam])
    calls = []
    await listActivity({ kind: null, day: null }, 0, 50)
    expect(calls.some((call) => call[1] === 'exam_id')).toBe(false)
  })

  it('creates, renames, archives, brings back and duplicates exams', async () => {
    const settings = { name: 'Physics', default_duration_minutes: 45, shuffle_questions: true, shuffle_options: false }
    await createExam(settings)
    expect(calls).toEqual([
      ['from', 'exams'],
      ['insert', settings],
    ])
    calls = []
    await renameExam(exam, 'Physics Y10')
    expect(calls).toEqual([
      ['from', 'exams'],
      ['update', { name: 'Physics Y10' }],
      ['eq', 'id', exam],
    ])
    calls = []
    await setExamArchived(exam, true)
    expect((calls[1]?.[1] as { archived_at: string }).archived_at).toMatch(/^\d{4}-/)
    calls = []
    await setExamArchived(exam, false)
    expect(calls[1]).toEqual(['update', { archived_at: null }])
    calls = []
    answer = { data: 'new-exam', error: null }
    expect(await duplicateExam(exam, 'Physics 2027')).toEqual({ ok: true, data: 'new-exam' })
    expect(rpcArguments('duplicate_exam')).toEqual({ exam_id: exam, name: 'Physics 2027' })
  })
})
