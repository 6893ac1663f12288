import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { answerFileRecoveryMessages } from '../../src/lib/admin/answer-file-recovery.ts'
import {
  answerAll,
  answerQuestion,
  anyCompletionHeading,
  appUrl,
  completionHeading,
  dataOf,
  liveTimeoutMs,
  openProctorRoom,
  proctorPerFile,
  randomCode,
  reportAnswersInTime,
  service,
  startExam,
  submissionsFor,
  timerSeconds,
  waitForText,
} from './fixtures.ts'

/**
 * The proctor room (issue 8): the administrator's live view of every exam in progress, the
 * emergency answer files uploaded there, and extra time given in the Login Code Manager.
 * The administrator's page stays open; each student has a browser context of their own.
 */

/** A short exam, so that students finish quickly. */
const bank = [
  { question_number: 1, question_text: 'Which planet is known as the Red Planet?', correct_answer: 'A' },
  { question_number: 2, question_text: 'How many sides does a hexagon have?', correct_answer: 'C' },
  { question_number: 3, question_text: 'Which gas do plants absorb?', correct_answer: 'B' },
].map((q) => ({ ...q, option_a: 'First option', option_b: 'Second option', option_c: 'Third option', option_d: 'Fourth option' }))
const correct = bank.map((q) => q.correct_answer)

let page: Page
const { newCode, newStudent } = proctorPerFile((admin) => (page = admin), bank)

const attemptRow = (code: string) => page.getByRole('row').filter({ hasText: code })

async function statusOf(code: string, status: string, timeout = liveTimeoutMs): Promise<void> {
  await attemptRow(code).getByText(status, { exact: true }).waitFor({ timeout })
}

/** The codes of the attempts table, top to bottom. */
async function rowOrder(): Promise<string[]> {
  return page.getByRole('table', { name: 'Exam attempts, problems first' }).locator('tbody tr td.admin-mono').allTextContents()
}

/**
 * Moves the moment the server last heard from the code's device back by `ms`, as if that much
 * time had passed without a report. Only for a device that cannot report (offline): a report
 * would bring it forward again.
 */
async function silenceFor(code: string, ms: number): Promise<void> {
  const lastSeen = new Date(Date.now() - ms).toISOString()
  dataOf(await service.from('exam_attempts').update({ last_seen: lastSeen }).eq('login_code', code).select())
}

async function submitTest(student: Page): Promise<void> {
  await student.getByRole('button', { name: 'Submit Test' }).click()
  await student.getByRole('dialog', { name: 'Review before submitting' }).getByRole('button', { name: 'Submit now' }).click()
  await anyCompletionHeading(student).waitFor()
}

/** Waits until the upload says `message` about a file called `name`. */
async function uploadSays(name: string, message: string): Promise<void> {
  await page
    .getByRole('list', { name: 'Uploaded answer files' })
    .getByRole('listitem')
    .filter({ hasText: `${name}: ${message}` })
    .first()
    .waitFor({ timeout: liveTimeoutMs })
}

describe('the proctor room', () => {
  it('shows a student who goes offline as offline while the other stays on track, then both received', async () => {
    const [onlineCode, offlineCode] = [await newCode(), await newCode()]
    await openProctorRoom(page)
    // By name, Ada would stay above Bob whatever happens: problems first puts the offline one on top.
    await page.getByRole('combobox', { name: 'Order' }).selectOption({ label: 'Problems first' })
    const online = await newStudent()
    const offline = await newStudent()
    await startExam(online.page, onlineCode, 'Ada Online')
    await startExam(offline.page, offlineCode, 'Bob Offline')
    await statusOf(onlineCode, 'On track')
    await statusOf(offlineCode, 'On track')
    await attemptRow(offlineCode).getByText('0 / 3', { exact: true }).waitFor()

    await offline.context.setOffline(true)
    await offline.page.getByText('Offline: answers stay on this device').waitFor()
    // 45 of the 60 silent seconds pass in the database; the page counts the last 15 on its own clock.
    await silenceFor(offlineCode, 45_000)
    await attemptRow(offlineCode)
      .getByText(/^[45]\d s ago$/)
      .waitFor({ timeout: liveTimeoutMs })
    await expect.poll(() => attemptRow(offlineCode).getByText('On track', { exact: true }).count()).toBe(1)
    await statusOf(offlineCode, 'Offline', 30_000)
    await statusOf(onlineCode, 'On track')
    await expect
      .poll(async () => (await rowOrder()).filter((code) => code === offlineCode || code === onlineCode))
      .toEqual([offlineCode, onlineCode])

    await answerAll(online.page, correct)
    await submitTest(online.page)
    await online.page.getByText('Your answers have been received.').waitFor()
    await statusOf(onlineCode, 'Received')
    await attemptRow(onlineCode).getByText('3 / 3', { exact: true }).waitFor()

    await answerAll(offline.page, correct)
    await submitTest(offline.page)
    await completionHeading(offline.page, 'waiting').waitFor()
    await offline.context.setOffline(false)
    await offline.page.getByText('Your answers have been received.').waitFor({ timeout: 30_000 })
    await statusOf(offlineCode, 'Received')
    await statusOf(onlineCode, 'Received')
  })

  it('records the answer file of a student who stayed offline, refusing edited, unknown and unreadable files', async () => {
    const code = await newCode()
    const student = await newStudent()
    await student.page.clock.install()
    await startExam(student.page, code, 'Katherine File')
    await answerQuestion(student.page, code, 1, 'B')
    await reportAnswersInTime(student.page, code, { '1': 'B' })
    await answerQuestion(student.page, code, 2, 'C')
    await student.context.setOffline(true)
    await student.page.clock.fastForward('30:01')
    await completionHeading(student.page, 'waiting').waitFor()
    await student.page.clock.fastForward('02:00')
    const [download] = await Promise.all([
      student.page.waitForEvent('download'),
      student.page.getByRole('button', { name: 'Download answer file' }).click(),
    ])
    const fileText = await readFile(await download.path(), 'utf8')
    const file = JSON.parse(fileText) as Record<string, unknown>

    await openProctorRoom(page)
    const recoveries = { count: 0 }
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/rest/v1/rpc/recover_submission_from_file') recoveries.count++
    })
    const upload = page.getByLabel('Answer files (.json)')
    const json = (name: string, content: string) => ({ name, mimeType: 'application/json', buffer: Buffer.from(content) })
    await upload.setInputFiles([
      json('typed-by-hand.json', 'answers: 1 B'),
      json('edited.json', JSON.stringify({ ...file, answers: { '1': 'C' } })),
      json('unknown-code.json', JSON.stringify({ ...file, login_code: randomCode() })),
    ])
    await uploadSays('typed-by-hand.json', answerFileRecoveryMessages.malformed)
    await uploadSays('edited.json', answerFileRecoveryMessages.bad_tag)
    await uploadSays('unknown-code.json', answerFileRecoveryMessages.unknown_code)
    // The unreadable file never left the page.
    expect(recoveries.count).toBe(2)
    expect(await submissionsFor(code)).toEqual([])

    const fileName = download.suggestedFilename()
    await upload.setInputFiles([json(fileName, fileText)])
    // Question 2 was answered after the device's last report reached the server: not counted, and named.
    await uploadSays(
      fileName,
      `${answerFileRecoveryMessages.accepted} The file is well formed and was made for this code. 1 of 2 answers in the file match what the device reported to the server at `,
    )
    await page
      .getByRole('list', { name: 'Uploaded answer files' })
      .getByText('1 answer differs or was given later and was not counted: question 2 (not reported, file C).', { exact: false })
      .waitFor()
    await expect.poll(() => page.getByText(/not typed or edited/).count()).toBe(0)
    await statusOf(code, 'Received')
    await attemptRow(code).getByText('Recovered from file', { exact: true }).waitFor()
    const [recovered, ...others] = await submissionsFor(code)
    expect(others).toEqual([])
    expect(recovered).toMatchObject({
      id: file.submission_id,
      answers: { '1': 'B' },
      recovered_from_file: true,
      recovery_check: { file_answers: 2, counted: 1, differences: [{ question: 2, reported: null, file: 'C' }] },
    })

    await upload.setInputFiles([json(fileName, fileText)])
    await uploadSays(fileName, answerFileRecoveryMessages.already_received)
    expect(await submissionsFor(code)).toEqual([recovered])

    await page.goto(`${appUrl}/admin/results`)
    await page.getByRole('searchbox', { name: 'Search' }).fill(code)
    const result = page.getByRole('row').filter({ hasText: code })
    await result
      .getByRole('rowheader', { name: 'Katherine File Recovered from file: 1 answer not counted', exact: true })
      .waitFor()
  })

  it('gives a student extra time from the Login Code Manager, before and during the exam', async () => {
    const code = await newCode()
    await page.goto(`${appUrl}/admin/codes`)
    await page.getByRole('list', { name: 'Available codes' }).getByText(code, { exact: true }).waitFor({ timeout: liveTimeoutMs })

    async function giveExtraTime(minutes: string): Promise<void> {
      await page.getByRole('button', { name: `Extra time for ${code}` }).click()
      const dialog = page.getByRole('dialog', { name: `Extra time for ${code}` })
      await dialog.getByRole('spinbutton', { name: /^Extra time/ }).fill(minutes)
      await dialog.getByRole('button', { name: 'Save' }).click()
    }
    await giveExtraTime('181')
    await page
      .getByRole('dialog')
      .getByRole('alert')
      .getByText('Extra time must be a whole number of minutes between 0 and 180')
      .waitFor()
    await page.keyboard.press('Escape')
    expect(dataOf(await service.from('login_codes').select('extra_minutes').eq('code', code))).toEqual([{ extra_minutes: 0 }])
    await giveExtraTime('15')
    await waitForText(page, `Extra time for ${code} set to 15 minutes`)
    const codeItem = page.getByRole('list', { name: 'Available codes' }).getByRole('listitem').filter({ hasText: code })
    await codeItem.getByText('+15 min').waitFor()

    const student = await newStudent()
    await startExam(student.page, code, 'Extra Time Student')
    // 30 minutes and the 15 extra.
    await expect.poll(() => timerSeconds(student.page)).toBeGreaterThan(44 * 60)

    await giveExtraTime('20')
    await waitForText(page, `Extra time for ${code} set to 20 minutes`)
    await openProctorRoom(page)
    const row = attemptRow(code)
    await row.getByText('+20 min').waitFor()
    // The server moved the deadline of the exam in progress: 30 + 20 minutes from the start.
    await row.getByText(/^(49|50):\d\d/).waitFor()

    await answerAll(student.page, correct)
    await submitTest(student.page)
    await page.goto(`${appUrl}/admin/results`)
    await page.getByRole('searchbox', { name: 'Search' }).fill(code)
    await page.getByRole('row').filter({ hasText: code }).getByText('+20 min').waitFor()
  })
})
