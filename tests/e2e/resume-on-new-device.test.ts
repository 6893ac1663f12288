import type { Page, Request } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  answer,
  currentQuestionNumber,
  dataOf,
  enterResumePin,
  liveTimeoutMs,
  namedOptionsBank,
  openProctorRoom,
  openStudentPortal,
  proctorPerFile,
  service,
  showQuestion,
  startExam,
  submissionsFor,
  submitCode,
  waitForText,
} from './fixtures.ts'
import {
  attemptRows,
  expectJumpName,
  flagShownQuestion,
  jumpName,
  offerMove,
  resultRows,
  serverCopies,
  submitThroughSummary,
  waitForEverythingReceived,
} from './server-copy-steps.ts'

/**
 * Issue 26, resume on another device with the proctor's word, in Chromium on the real stack: the
 * proctor's Proctor Room (this file's page) offers a PIN, a new device (a browser context of its
 * own: nothing of the first device's storage) resumes with the server's copy of the answers and
 * flags, and the code is submitted exactly once.
 */

/** 24 questions, so that 20 answered leave some to finish on the new device. */
const questionCount = 24
let page: Page
const { newCode, newStudent } = proctorPerFile(
  (admin) => (page = admin),
  namedOptionsBank(
    questionCount,
    (n) => `Resume question ${n}?`,
    (n) => 'ABCD'[(n - 1) % 4] as string,
  ),
)
/** The letter this file's students choose for question number n (right for some, wrong for others). */
const letterFor = (questionNumber: number) => 'ABCDC'[questionNumber % 5] as string

/**
 * Answers the questions at positions `from` to `to` in order (moving with Next), wherever the
 * shuffle put each question; flags the positions in `flag`. Answers what it chose, by question number.
 */
async function answerPositions(
  student: Page,
  from: number,
  to: number,
  flag: readonly number[] = [],
): Promise<Map<string, string>> {
  const chosen = new Map<string, string>()
  await showQuestion(student, from)
  for (let position = from; position <= to; position++) {
    await student.getByRole('heading', { name: `Question ${position} of ${questionCount}` }).waitFor()
    const questionNumber = await currentQuestionNumber(student)
    await answer(student, letterFor(questionNumber))
    chosen.set(String(questionNumber), letterFor(questionNumber))
    if (flag.includes(position)) await flagShownQuestion(student)
    if (position < to) await student.getByRole('button', { name: 'Next' }).click()
  }
  return chosen
}

/** The question numbers shown at the positions, sorted: how the server's copy keeps flags. */
async function questionNumbersAt(code: string, positions: readonly number[]): Promise<number[]> {
  const snapshot = dataOf(await service.from('attempt_questions').select('position, question_number').eq('login_code', code))
  return positions.map((position) => snapshot.find((row) => row.position === position)!.question_number).sort((a, b) => a - b)
}

/** Counts the page's calls to an RPC. */
function countCalls(student: Page, rpc: string): { count: number } {
  const calls = { count: 0 }
  student.on('request', (request: Request) => {
    if (new URL(request.url()).pathname === `/rest/v1/rpc/${rpc}`) calls.count++
  })
  return calls
}

/** The step of the code in progress elsewhere, reached on a new device; a wrong PIN first. */
async function resumeOnNewDevice(student: Page, code: string, pin: string): Promise<void> {
  await openStudentPortal(student)
  await submitCode(student, code)
  await waitForText(student, 'This exam is in progress on another device.')
  await student.getByText('Ask your proctor for a resume PIN.').waitFor()
  // A PIN one digit off: refused in the contract's words, and the right one still works after.
  const wrong = `${pin.slice(0, 5)}${(Number(pin[5]) + 1) % 10}`
  await enterResumePin(student, wrong)
  await student.getByRole('alert').getByText('That resume PIN is not valid. Ask your proctor for a new one.').waitFor()
  // As a student types it from the proctor's screen: spaces are allowed.
  await enterResumePin(student, `${pin.slice(0, 3)} ${pin.slice(3)}`)
}

/**
 * On the new device: answers the positions from `from` to the last and submits; answers the code's one
 * submission, which holds the answers given before the move and after it.
 */
async function finishOnNewDevice(student: Page, code: string, from: number, answersBefore: Map<string, string>) {
  const answersAfter = await answerPositions(student, from, questionCount)
  await submitThroughSummary(student)
  await student.getByText('Your answers have been received.').waitFor()
  const [submission, ...others] = await submissionsFor(code)
  expect(others).toEqual([])
  expect(submission!.answers).toEqual(Object.fromEntries([...answersBefore, ...answersAfter]))
  return submission!
}

describe('resume on a new device', () => {
  it('moves a student whose device is gone for good: 20 answers and the flags restored, one submission', async () => {
    const code = await newCode()
    const name = 'Ada Lovelace'
    const flagged = [3, 7, 15]

    const first = await newStudent()
    await startExam(first.page, code, name)
    const answersBefore = await answerPositions(first.page, 1, 20, flagged)
    await waitForEverythingReceived(first.page)
    const flaggedNumbers = await questionNumbersAt(code, flagged)
    // Flags are not counted by the status line (a note to the student), so the copy is awaited here.
    await expect
      .poll(async () => (await serverCopies(code))[0])
      .toMatchObject({
        state: 'in_progress',
        reported_answers: Object.fromEntries(answersBefore),
        reported_flags: flaggedNumbers,
      })
    // The device is gone for good: closing its context deletes its storage and IndexedDB.
    await first.context.close()

    await openProctorRoom(page)
    const pin = await offerMove(page, code, name)

    const second = await newStudent()
    const submits = countCalls(second.page, 'submit_exam')
    await resumeOnNewDevice(second.page, code, pin)
    await second.page.getByText(/^Resumed on this device: 20 answers restored \(last saved at .+\)\.$/).waitFor()
    await second.page.getByRole('heading', { name: new RegExp(`^Question \\d+ of ${questionCount}$`) }).waitFor()
    await waitForText(second.page, `Answered 20 of ${questionCount}`)
    // Every restored answer is the server's, so received by it; the flags are back where they were.
    for (let position = 1; position <= questionCount; position++) {
      const answered = position <= 20
      await expectJumpName(
        second.page,
        position,
        jumpName(position, { answered, flagged: flagged.includes(position), received: answered }),
      )
    }
    await showQuestion(second.page, 7)
    await expect.poll(() => second.page.getByRole('button', { name: 'Review later' }).getAttribute('aria-pressed')).toBe('true')
    const questionAt7 = await currentQuestionNumber(second.page)
    await expect.poll(() => second.page.locator(`.exam__options input[value="${letterFor(questionAt7)}"]`).isChecked()).toBe(true)

    const submission = await finishOnNewDevice(second.page, code, 21, answersBefore)
    expect(submits.count).toBe(1)
    const [moved, resumed] = await serverCopies(code)
    expect([moved?.state, resumed?.state]).toEqual(['moved', 'received'])
    expect(submission.id).toBe(resumed!.id)

    // The old device was closed before the move, so the code was never open on two devices at once
    // (admin-moves.test.ts checks the rows' words for a move, and the badge when both devices spoke).
    await openProctorRoom(page)
    await attemptRows(page, code).getByText('Resumed after a move', { exact: true }).waitFor({ timeout: liveTimeoutMs })
    expect(await attemptRows(page, code).getByText('Open on two devices').count()).toBe(0)

    const results = await resultRows(page, code)
    await results.first().waitFor()
    await expect.poll(() => results.count()).toBe(1)
  })

  it('tells the old device, still open, that the exam continues on another device at its next report', async () => {
    const code = await newCode()
    const name = 'Grace Hopper'
    const first = await newStudent()
    await startExam(first.page, code, name)
    const answersBefore = await answerPositions(first.page, 1, 3)
    await waitForEverythingReceived(first.page)

    await openProctorRoom(page)
    const pin = await offerMove(page, code, name)
    const second = await newStudent()
    await resumeOnNewDevice(second.page, code, pin)
    await second.page.getByText(/^Resumed on this device: 3 answers restored \(last saved at .+\)\.$/).waitFor()

    // The old device, still online, answers once more: its report is the next contact.
    const oldReports = countCalls(first.page, 'report_exam_attempt')
    await showQuestion(first.page, 4)
    await answer(first.page, 'A')
    await waitForText(first.page, 'This exam continues on another device.')
    // Its answers stay on it, and their answer file is still offered, as a download and as a QR code.
    await first.page.getByRole('button', { name: 'Download answer file' }).waitFor()
    await first.page.getByRole('img', { name: 'QR code of your answer file: show it to your proctor to scan' }).waitFor()
    const reportsWhenTold = oldReports.count
    expect(reportsWhenTold).toBeGreaterThan(0)

    // That late answer went nowhere: the new attempt's copy is still the three from before.
    const [, resumed] = await serverCopies(code)
    expect(resumed?.reported_answers).toEqual(Object.fromEntries(answersBefore))

    await finishOnNewDevice(second.page, code, 4, answersBefore)
    // The old device stopped reporting once told.
    expect(oldReports.count).toBe(reportsWhenTold)
  })
})
