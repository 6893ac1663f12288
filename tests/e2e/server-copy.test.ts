import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  answerQuestion,
  dataOf,
  liveTimeoutMs,
  namedOptionsBank,
  openProctorRoom,
  positionOf,
  proctorPerFile,
  service,
  showQuestion,
  startExam,
  submissionsFor,
} from './fixtures.ts'
import {
  attemptRows,
  deviceOnlyStatus,
  expectJumpName,
  flagShownQuestion,
  jumpName,
  openSummary,
  resultRows,
  serverCopies,
  serverCopyStatus,
  summaryLine,
  waitForEverythingReceived,
} from './server-copy-steps.ts'

/**
 * Issue 26, the server's copy, in Chromium on the real stack: what the exam screen says about it
 * is true (checked against the database) offline and after reconnecting, and a device that dies
 * is submitted from that copy once its deadline has passed (the local stack's timer, which
 * global-setup.ts runs every second).
 */

const bank = namedOptionsBank(
  4,
  (n) => `Server copy question ${n}?`,
  () => 'C',
)
let page: Page
const { newCode, newStudent } = proctorPerFile((admin) => (page = admin), bank)

describe('the server copy as the student sees it', () => {
  it('tells answers saved on this device only from those the server received, offline and after reconnecting', async () => {
    const code = await newCode()
    const { context, page: student } = await newStudent()
    await startExam(student, code, 'Hedy Lamarr')
    const [at1, at2, at3] = [await positionOf(code, 1), await positionOf(code, 2), await positionOf(code, 3)]

    await answerQuestion(student, code, 1, 'C')
    await waitForEverythingReceived(student)
    await expectJumpName(student, at1, jumpName(at1, { answered: true, received: true }))
    expect((await serverCopies(code))[0]?.reported_answers).toEqual({ '1': 'C' })

    await context.setOffline(true)
    await student.getByText('Offline: answers stay on this device').waitFor()
    await answerQuestion(student, code, 2, 'A')
    await expectJumpName(student, at2, jumpName(at2, { answered: true, received: false }))
    await expectJumpName(student, at1, jumpName(at1, { answered: true, received: true }))
    await serverCopyStatus(student)
      .filter({ hasText: deviceOnlyStatus(1) })
      .waitFor()
    // An answer changed after the server received it is on this device only again.
    await answerQuestion(student, code, 1, 'B')
    await expectJumpName(student, at1, jumpName(at1, { answered: true, received: false }))
    await serverCopyStatus(student)
      .filter({ hasText: deviceOnlyStatus(2) })
      .waitFor()
    await showQuestion(student, at3)
    await flagShownQuestion(student)
    await expectJumpName(student, at3, jumpName(at3, { answered: false, flagged: true }))
    // True: the server still holds the first answer alone, and no flag.
    const [offlineCopy] = await serverCopies(code)
    expect(offlineCopy?.reported_answers).toEqual({ '1': 'C' })
    expect(offlineCopy?.reported_flags ?? []).toEqual([])

    const summary = await openSummary(student)
    await expect.poll(() => summaryLine(summary, at1).innerText()).toMatch(/saved on this device only/i)
    await expect.poll(() => summaryLine(summary, at2).innerText()).toMatch(/saved on this device only/i)
    await expect.poll(() => summaryLine(summary, at3).innerText()).toMatch(/not answered/i)
    await expect.poll(() => summaryLine(summary, at3).innerText()).toMatch(/flagged/i)
    // The spec's rule: a manual submit needs every question answered.
    expect(await summary.getByRole('button', { name: 'Submit now' }).isDisabled()).toBe(true)
    await summary.getByText('Please answer all questions before submitting.').waitFor()
    await summary.getByRole('button', { name: 'Back to the exam' }).click()
    await summary.waitFor({ state: 'hidden' })

    await context.setOffline(false)
    await waitForEverythingReceived(student)
    await expectJumpName(student, at1, jumpName(at1, { answered: true, received: true }))
    await expectJumpName(student, at2, jumpName(at2, { answered: true, received: true }))
    await expect
      .poll(async () => (await serverCopies(code))[0])
      .toMatchObject({ reported_answers: { '1': 'B', '2': 'A' }, reported_flags: [3] })

    const after = await openSummary(student)
    await expect.poll(() => summaryLine(after, at1).innerText()).toMatch(/received by the server/i)
    await expect.poll(() => summaryLine(after, at2).innerText()).toMatch(/received by the server/i)
    // Each line leads back to its question.
    await summaryLine(after, at3)
      .getByRole('button', { name: `Question ${at3}`, exact: true })
      .click()
    await after.waitFor({ state: 'hidden' })
    await student.getByRole('heading', { name: `Question ${at3} of ${bank.length}` }).waitFor()
  })
})

describe('a device that dies', () => {
  it('is submitted from the server copy once its deadline has passed, and marked so for the proctor', async () => {
    const code = await newCode()
    const { context, page: student } = await newStudent()
    await startExam(student, code, 'Alan Turing')
    await answerQuestion(student, code, 2, 'C')
    await answerQuestion(student, code, 4, 'A')
    await waitForEverythingReceived(student)
    // The device dies: nothing of it ever reaches the server again.
    await context.close()
    const [copy] = dataOf(
      await service.from('exam_attempts').select('id, reported_answers, reported_answers_at').eq('login_code', code),
    )
    expect(copy?.reported_answers).toEqual({ '2': 'C', '4': 'A' })

    // Its 30 minutes (and the 2 minutes of grace) run out: the attempt is moved 33 minutes back. The
    // server's timer then submits what it holds.
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()
    dataOf(
      await service
        .from('exam_attempts')
        .update({ started_at: minutesAgo(33), deadline: minutesAgo(3) })
        .eq('login_code', code)
        .select('id'),
    )
    await expect.poll(async () => (await submissionsFor(code)).length, { timeout: 30_000 }).toBe(1)
    const [submission] = await submissionsFor(code)
    expect(submission).toMatchObject({
      answers: { '2': 'C', '4': 'A' },
      score: 1,
      from_server_copy: true,
      replaced_server_copy_at: null,
    })
    expect(Date.parse(submission!.server_copy_saved_at!)).toBe(Date.parse(copy!.reported_answers_at!))
    expect(dataOf(await service.from('login_codes').select('is_used').eq('code', code))).toEqual([{ is_used: true }])
    // Exactly once: later ticks of the timer find nothing more to submit.
    await expect.poll(() => serverCopies(code).then((rows) => rows.map((row) => row.state))).toEqual(['received'])
    expect(await submissionsFor(code)).toHaveLength(1)

    const results = await resultRows(page, code)
    // Its badge (and the row's details say it again).
    await results
      .getByText(/^Submitted from the server's copy \(last saved .+\)$/)
      .first()
      .waitFor()
    await expect.poll(() => results.count()).toBe(1)
    await openProctorRoom(page)
    await attemptRows(page, code)
      .getByText(/^Submitted from the server's copy \(last saved .+\)$/)
      .waitFor({ timeout: liveTimeoutMs })
  })
})
