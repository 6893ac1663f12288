import { randomUUID } from 'node:crypto'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  adminEmail,
  anon,
  appUrl,
  dataOf,
  liveTimeoutMs,
  openProctorRoom,
  proctorPerFile,
  service,
  startExamOf,
  submissionsFor,
} from './fixtures.ts'
import { attemptRows, resultRows } from './server-copy-steps.ts'

/**
 * Issue 26 on the administrator's side, in Chromium on the real stack: the Proctor Room's "Move to
 * a new device" shows a resume PIN that moves the attempt (the rows then say who moved it and
 * when), and a silent attempt submitted by the server from its copy is marked so in the Proctor
 * Room and Test Results. The students here are the student app's RPCs: their screens are the
 * student app's tests'.
 */

let page: Page
const { newCode } = proctorPerFile((admin) => (page = admin))

/** A time of day as the admin screens write it, in the browser's locale and time zone. */
function timeOnScreen(iso: string): Promise<string> {
  return page.evaluate((moment) => new Date(moment).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' }), iso)
}

/** The Activity screen showing one kind of action. */
async function openActivity(kind: string): Promise<void> {
  await page.goto(`${appUrl}/admin/activity`)
  await page.getByRole('heading', { level: 1, name: 'Activity' }).waitFor()
  await page.getByLabel('Action').selectOption({ label: kind })
}

/** The Activity table's row that says `text` happened (newest first, so on its first page). */
const activityRow = (text: string | RegExp) =>
  page.getByRole('region', { name: 'Activity' }).getByRole('cell', { name: text, exact: true })

/** A progress report of `attemptId` as the student app sends it, with its answers; answers the server's outcome. */
async function report(code: string, attemptId: string, answers: Record<string, string>): Promise<string> {
  const answer = dataOf(
    await anon.rpc('report_exam_attempt', {
      attempt_id: attemptId,
      code,
      answered_count: Object.keys(answers).length,
      tab_switches: 0,
      state: 'in_progress',
      online: true,
      reported_at: new Date().toISOString(),
      answers,
    }),
  ) as { outcome: string }
  return answer.outcome
}

describe('moving a student to a new device', () => {
  it('shows a resume PIN valid for 10 minutes, which moves the attempt; the rows say who moved it, and that two devices had it open', async () => {
    const code = await newCode()
    const firstDevice = randomUUID()
    await startExamOf(code, firstDevice, 'Grace Mover')
    expect(await report(code, firstDevice, { '1': 'A', '2': 'B' })).toBe('ok')
    await openProctorRoom(page)
    const rows = page.getByRole('table', { name: 'Exam attempts, by name' }).getByRole('row').filter({ hasText: code })
    await rows.getByText('On track', { exact: true }).waitFor({ timeout: liveTimeoutMs })

    const move = page.getByRole('button', { name: 'Move Grace Mover to a new device' })
    await move.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Move Grace Mover to a new device' })
    const pinShown = dialog.getByLabel('Resume PIN')
    await expect.poll(() => pinShown.textContent()).toMatch(/^\d{6}$/)
    const pin = (await pinShown.textContent()) ?? ''
    const [offer] = dataOf(
      await service.from('attempt_moves').select('offered_by, expires_at, offered_at, used_at').eq('login_code', code),
    )
    expect(offer).toMatchObject({ offered_by: adminEmail, used_at: null })
    expect(Date.parse(offer?.expires_at ?? '') - Date.parse(offer?.offered_at ?? '')).toBe(10 * 60_000)
    await dialog.getByText(`Valid until ${await timeOnScreen(offer?.expires_at ?? '')} (10 minutes)`).waitFor()
    await dialog.getByText('On the new device, enter the login code, then this PIN.', { exact: false }).waitFor()
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    // Focus is back on the row's button, for the next student.
    expect(await move.evaluate((button) => button === document.activeElement)).toBe(true)

    // The new device resumes with the PIN, then the old one reports once more.
    const newDevice = randomUUID()
    const resumed = dataOf(await anon.rpc('resume_exam_attempt', { code, pin, attempt_id: newDevice })) as { outcome: string }
    expect(resumed.outcome).toBe('ok')
    expect(await report(code, firstDevice, { '1': 'A', '2': 'B', '3': 'C' })).toBe('moved')

    const [moved] = dataOf(await service.from('exam_attempts').select('moved_at').eq('id', firstDevice))
    const movedRow = rows.filter({
      hasText: `Moved to a new device at ${await timeOnScreen(moved?.moved_at ?? '')} by ${adminEmail}`,
    })
    await movedRow.waitFor({ timeout: liveTimeoutMs })
    const resumedRow = rows.filter({ hasText: 'Resumed after a move' })
    await resumedRow.getByText('On track', { exact: true }).waitFor({ timeout: liveTimeoutMs })
    // The old device spoke after the new one started: the code was open on two devices at once.
    await movedRow.getByText('Open on two devices').waitFor({ timeout: liveTimeoutMs })
    await resumedRow.getByText('Open on two devices').waitFor()
    // Only the attempt still written can be moved again.
    expect(await movedRow.getByRole('button', { name: /to a new device$/ }).count()).toBe(0)
    await resumedRow.getByRole('button', { name: 'Move Grace Mover to a new device' }).waitFor()

    // The activity log tells the offer (never its PIN) and the move, in words.
    await openActivity('Moves to a new device')
    const validUntil = await page.evaluate(
      (iso) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
      offer?.expires_at ?? '',
    )
    await activityRow(
      `Grace Mover (login code ${code}) resumed the exam on a new device with the PIN from ${adminEmail}: 2 answers restored from the server's copy`,
    ).waitFor()
    await activityRow(
      `Offered a resume PIN to move Grace Mover (login code ${code}) to a new device, valid until ${validUntil}`,
    ).waitFor()
    expect(await page.getByRole('region', { name: 'Activity' }).getByText(pin).count()).toBe(0)
  })
})

describe("a submission from the server's copy", () => {
  it('is marked with when the copy was last saved, in the Proctor Room and in Test Results', async () => {
    const code = await newCode()
    const attemptId = randomUUID()
    await startExamOf(code, attemptId, 'Silent Sam')
    expect(await report(code, attemptId, { '1': 'A', '2': 'B', '3': 'C' })).toBe('ok')
    // As if it had started 33 minutes ago, last reported 4 minutes ago and fallen silent: its
    // deadline and the 2 minutes of grace are past.
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()
    dataOf(
      await service
        .from('exam_attempts')
        .update({ started_at: ago(33), deadline: ago(3), reported_answers_at: ago(4), reported_at: ago(4), last_seen: ago(4) })
        .eq('id', attemptId)
        .select('id'),
    )
    // The local stack's timer may have submitted it first: either way it is submitted once.
    dataOf(await service.rpc('submit_from_server_copies'))
    const [submission, ...others] = await submissionsFor(code)
    expect(others).toEqual([])
    expect(submission).toMatchObject({ from_server_copy: true, answers: { '1': 'A', '2': 'B', '3': 'C' } })
    const [attempt] = dataOf(await service.from('exam_attempts').select('reported_answers_at').eq('id', attemptId))
    const mark = `Submitted from the server's copy (last saved ${await timeOnScreen(attempt?.reported_answers_at ?? '')})`
    expect(submission?.server_copy_saved_at).toBe(attempt?.reported_answers_at)

    await openProctorRoom(page)
    const row = attemptRows(page, code)
    await row.getByText('Received', { exact: true }).waitFor({ timeout: liveTimeoutMs })
    await row.getByText(mark, { exact: true }).waitFor()

    const result = await resultRows(page, code)
    await result.getByRole('rowheader', { name: `Silent Sam ${mark}`, exact: true }).waitFor({ timeout: liveTimeoutMs })
    // Its details name the day too.
    await result.locator('summary').click()
    await result
      .getByRole('definition')
      .filter({ hasText: /^Submitted from the server's copy \(last saved .+\)$/ })
      .waitFor()

    await openActivity('Submissions')
    await activityRow(
      new RegExp(
        `^Submitted the exam of Silent Sam \\(login code ${code}\\) from the server's copy \\(3 answers, last saved .+\\)`,
      ),
    ).waitFor()
  })
})
