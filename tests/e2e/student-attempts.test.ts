import { readFile } from 'node:fs/promises'
import { createClient } from '@supabase/supabase-js'
import { expect, inject, it } from 'vitest'
import WebSocket from 'ws'
import type { Database, Tables } from '../../src/lib/api/database.types.ts'
import {
  adminEmail,
  adminPassword,
  answer,
  answerAll,
  appUrl,
  completionHeading,
  dataOf,
  openStudentPortal,
  runOutOfTimeOffline,
  service,
  startExam,
  studentExamFixture,
  submissionsFor,
  submitCode,
  submitTest,
} from './fixtures.ts'

/**
 * What the proctor learns from a student's device (issue 8): the attempt row the exam keeps up
 * to date, before and after a dropped connection, and the emergency answer file a student
 * hands over when the network never comes back.
 */

const exam = studentExamFixture()

async function attemptsOf(code: string): Promise<Tables<'exam_attempts'>[]> {
  return dataOf(await service.from('exam_attempts').select('*').eq('login_code', code))
}

/** Waits until the code has one attempt and it shows `expected` (reports travel in the background). */
async function attemptReaches(code: string, expected: Partial<Tables<'exam_attempts'>>): Promise<void> {
  const fields = Object.keys(expected) as Array<keyof Tables<'exam_attempts'>>
  await expect
    .poll(async () => (await attemptsOf(code)).map((row) => Object.fromEntries(fields.map((field) => [field, row[field]]))), {
      timeout: 30_000,
    })
    .toEqual([expected])
}

it('keeps the proctor’s attempt row up to date: start, answers at a tab switch, the submission received', async () => {
  const code = await exam.newCode()
  await startExam(exam.page, code, 'Grace Hopper')
  await expect.poll(async () => (await attemptsOf(code)).length, { timeout: 30_000 }).toBe(1)
  const [started] = await attemptsOf(code)
  expect(started).toMatchObject({ student_name: 'Grace Hopper', question_count: exam.questions.length, state: 'in_progress' })

  await answer(exam.page, exam.questions[0]!.correct_answer)
  await exam.page.evaluate(() => window.dispatchEvent(new Event('blur')))
  await exam.page.getByText(/Tab switches so far: 1\./).waitFor()
  await attemptReaches(code, { answered_count: 1, tab_switches: 1 })

  await exam.page.evaluate(() => window.dispatchEvent(new Event('focus')))
  await answerAll(
    exam.page,
    exam.questions.map((q) => q.correct_answer),
  )
  await submitTest(exam.page)
  await exam.page.getByText('Your answers have been received.').waitFor()
  const [row] = await attemptsOf(code)
  const [submission] = await submissionsFor(code)
  expect(row).toMatchObject({ id: submission!.id, state: 'received', answered_count: exam.questions.length, tab_switches: 1 })
})

it('records one attempt when the answer to the start is lost and the student tries again', async () => {
  const code = await exam.newCode()
  let lost = 0
  // The server hands out the questions and records the attempt; the answer never reaches the device.
  await exam.page.route('**/rest/v1/rpc/exam_questions', async (route) => {
    if (lost++ > 0) return route.continue()
    await route.fetch()
    await route.abort('connectionreset')
  })
  await openStudentPortal(exam.page)
  await submitCode(exam.page, code)
  await exam.page.getByLabel('Full Name').fill('Ada Lovelace')
  await exam.page.getByRole('button', { name: 'Start Test' }).click()
  await exam.page.getByText('Database connection error. Please check your internet connection and try again.').waitFor()
  // As the message asks; the page starts the exam again by itself.
  await exam.page.reload()
  await exam.page.getByRole('heading', { name: /^Question 1 of \d+$/ }).waitFor()
  expect(lost).toBe(2)
  expect(await attemptsOf(code)).toMatchObject([{ student_name: 'Ada Lovelace', state: 'in_progress' }])
})

it('tells the proctor on reconnect what was done offline', async () => {
  const code = await exam.newCode()
  await startExam(exam.page, code)
  await expect.poll(async () => (await attemptsOf(code)).length, { timeout: 30_000 }).toBe(1)
  await exam.context.setOffline(true)
  await exam.page.getByText('Offline: answers stay on this device').waitFor()
  await answer(exam.page, 'A')
  await exam.page.evaluate(() => window.dispatchEvent(new Event('blur')))
  await exam.page.getByText(/Tab switches so far: 1\./).waitFor()
  expect(await attemptsOf(code)).toMatchObject([{ answered_count: 0, tab_switches: 0 }])

  await exam.context.setOffline(false)
  await attemptReaches(code, { answered_count: 1, tab_switches: 1, client_online: true, state: 'in_progress' })
})

it('offers the answer file 2 minutes after the deadline; the proctor’s upload records it once, and the late send changes nothing', async () => {
  const code = await runOutOfTimeOffline(exam, 'Katherine Johnson', 'B')
  await completionHeading(exam.page, 'waiting').waitFor()
  const downloadButton = exam.page.getByRole('button', { name: 'Download answer file' })
  await expect.poll(() => downloadButton.count()).toBe(0)

  await exam.page.clock.fastForward('02:00')
  const [download] = await Promise.all([exam.page.waitForEvent('download'), downloadButton.click()])
  expect(download.suggestedFilename()).toBe(`holdfast-answers-${code}.json`)
  const file = JSON.parse(await readFile(await download.path(), 'utf8')) as Record<string, unknown>
  expect(file).toMatchObject({ format: 'holdfast-answer-file', version: 1, login_code: code, answers: { '1': 'B' } })

  // The proctor uploads it, signed in, while the student's device is still offline.
  const admin = createClient<Database>(appUrl, inject('appAnonKey'), {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  })
  expect((await admin.auth.signInWithPassword({ email: adminEmail, password: adminPassword })).error).toBeNull()
  expect(dataOf(await admin.rpc('recover_submission_from_file', { file: file as never }))).toMatchObject({
    outcome: 'accepted',
    already_received: false,
  })
  const [recovered, ...others] = await submissionsFor(code)
  expect(others).toEqual([])
  expect(recovered).toMatchObject({ id: file.submission_id, answers: { '1': 'B' }, recovered_from_file: true })

  await exam.context.setOffline(false)
  await exam.page.getByText('Your answers have been received.').waitFor()
  expect(await submissionsFor(code)).toEqual([recovered])
})
