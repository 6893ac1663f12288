import { randomUUID } from 'node:crypto'
import { answersOf, itemAnalysisAnswers, itemAnalysisKey, itemAnalysisQuestions } from '../item-analysis-exam.ts'
import { afterAll, describe, expect, it } from 'vitest'
import { adminClient, anonClient, nonAdminClient, serviceClient } from './clients.ts'
import {
  loginCodesPerFile,
  must,
  submissionRow,
  submitExamArgs,
  succeeded,
  withQuestionBankRestored,
  zeroUuid,
} from './exam-data.ts'

/**
 * Issue 15, item analysis on the server, checked against a small exam computed by hand: six
 * students take six questions through the student functions (so each submission keeps the key
 * of its snapshot), the questions are then deleted as the clean-up would, and the figures still
 * come, from what the submissions recorded.
 */

const service = serviceClient()
const anon = anonClient()
const { newCode } = loginCodesPerFile()
/** A day of its own, long before any other test's submissions. */
const day = '2024-04-04'
const submissionIds: string[] = []
const codes: string[] = []

afterAll(async () => {
  if (submissionIds.length) succeeded(await service.from('submissions').delete().in('id', submissionIds))
})

describe('admin_item_analysis', () => {
  it('gives the hand-computed figures of a small exam, after its questions are gone', async () => {
    await withQuestionBankRestored(async () => {
      succeeded(await service.from('questions').delete().neq('id', zeroUuid))
      succeeded(await service.from('questions').insert(itemAnalysisQuestions()))
      for (const [student, letters] of itemAnalysisAnswers.entries()) {
        const code = await newCode()
        codes.push(code)
        const attemptId = randomUUID()
        expect(
          must(await anon.rpc('exam_questions', { code, attempt_id: attemptId, student_name: `Student ${student}` })),
        ).toMatchObject({
          outcome: 'ok',
        })
        const chosen = answersOf(letters)
        const receipt = must(
          await anon.rpc(
            'submit_exam',
            submitExamArgs(code, { submission_id: attemptId, student_name: `Student ${student}`, answers: chosen }),
          ),
        ) as { outcome: string; score: number }
        expect(receipt.outcome).toBe('accepted')
        submissionIds.push(attemptId)
      }
      // The clean-up: the questions (and the snapshots with them) go.
      succeeded(await service.from('questions').delete().neq('id', zeroUuid))
      const snapshots = must(await service.from('attempt_questions').delete().in('login_code', codes).select('login_code'))
      expect(snapshots).toHaveLength(codes.length * itemAnalysisKey.length)
    })
    succeeded(
      await service
        .from('submissions')
        .update({ submitted_at: `${day}T10:00:00Z`, started_at: `${day}T09:40:00Z` })
        .in('id', submissionIds),
    )

    const admin = await adminClient()
    const analysis = must(await admin.rpc('admin_item_analysis', { time_zone: 'UTC', day })) as Record<string, unknown>
    expect(analysis).toMatchObject({ students: 6, questions: 6, mean: 3, standard_deviation: 0.8165, kr20: -0.5 })
    expect(analysis.items).toEqual([
      item(1, 'A', 0.5, 1, 0.8165, { A: 3, B: 2, C: 1, D: 0 }, ['unchosen_option']),
      item(2, 'B', 0.6667, 1, 0.866, { A: 1, B: 4, C: 1, D: 0 }, ['unchosen_option']),
      item(3, 'C', 0.5, 1, 0.8165, { A: 3, B: 0, C: 3, D: 0 }, ['unchosen_option']),
      item(4, 'D', 0.3333, -1, -0.866, { A: 3, B: 1, C: 0, D: 2 }, ['negative_discrimination', 'unchosen_option']),
      item(5, 'A', 1, 0, null, { A: 6, B: 0, C: 0, D: 0 }, ['too_easy', 'unchosen_option']),
      item(6, 'B', 0, 0, null, { A: 0, B: 0, C: 6, D: 0 }, ['too_hard', 'unchosen_option']),
    ])
  })

  it("analyses a schedule's window the same way", async () => {
    const admin = await adminClient()
    const schedule = must(
      await service
        .from('exam_schedule')
        .insert({
          exam_name: 'Item analysis window',
          start_time: `${day}T09:00:00Z`,
          end_time: `${day}T11:00:00Z`,
          is_active: false,
        })
        .select()
        .single(),
    )
    try {
      const byDay = must(await admin.rpc('admin_item_analysis', { time_zone: 'UTC', day }))
      expect(must(await admin.rpc('admin_item_analysis', { time_zone: 'UTC', schedule_id: schedule.id }))).toEqual(byDay)
    } finally {
      succeeded(await service.from('exam_schedule').delete().eq('id', schedule.id))
    }
  })

  it('leaves a voided submission out', async () => {
    const admin = await adminClient()
    must(await admin.rpc('void_submission', { submission_id: submissionIds[5] as string, reason: 'Left early' }))
    const analysis = must(await admin.rpc('admin_item_analysis', { time_zone: 'UTC', day })) as Record<string, unknown>
    expect(analysis).toMatchObject({ students: 5, mean: 3.2 })
  })

  it('counts an answer right by the letters a corrected key accepts, and a voided question right for everyone', async () => {
    // Keys as regrade_question writes them into served_key: several letters, or * for void.
    const correctedDay = '2024-05-05'
    const servedKey = { '1': 'BC', '2': '*', '3': 'A' }
    const rows = [
      { '1': 'B', '2': 'A', '3': 'A' },
      { '1': 'C', '3': 'B' },
      { '1': 'A', '2': 'D', '3': 'A' },
    ].map((answers) => ({
      answers,
      served_key: servedKey,
      started_at: `${correctedDay}T09:40:00Z`,
      submitted_at: `${correctedDay}T10:00:00Z`,
    }))
    for (const fields of rows) {
      const row = submissionRow(await newCode(), fields)
      submissionIds.push(row.id as string)
      succeeded(await service.from('submissions').insert(row))
    }
    const admin = await adminClient()
    const analysis = must(await admin.rpc('admin_item_analysis', { time_zone: 'UTC', day: correctedDay })) as Record<
      string,
      unknown
    >
    expect(analysis).toMatchObject({ students: 3, mean: 2.3333 })
    expect(analysis.items).toMatchObject([
      { question_number: 1, correct_answer: 'BC', facility: 0.6667 },
      { question_number: 2, correct_answer: '*', facility: 1, blank: 1 },
      { question_number: 3, correct_answer: 'A', facility: 0.6667 },
    ])
  })

  it('refuses anyone but an administrator, and a call without a scope', async () => {
    const nonAdmin = await nonAdminClient()
    expect((await nonAdmin.rpc('admin_item_analysis', { time_zone: 'UTC', day })).error?.code).toBe('42501')
    expect((await anon.rpc('admin_item_analysis', { time_zone: 'UTC', day })).error?.code).toBe('42501')
    const admin = await adminClient()
    expect((await admin.rpc('admin_item_analysis', { time_zone: 'UTC' })).error?.code).toBe('22023')
  })
})

function item(
  question_number: number,
  correct_answer: string,
  facility: number,
  discrimination: number,
  point_biserial: number | null,
  options: Record<string, number>,
  flags: string[],
) {
  return { question_number, correct_answer, served: 6, facility, discrimination, point_biserial, options, blank: 0, flags }
}
