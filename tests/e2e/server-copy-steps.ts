import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import { anyCompletionHeading, appUrl, dataOf, liveTimeoutMs, service, submitTest } from './fixtures.ts'

/**
 * Issue 26's steps, shared by the e2e files of the server's copy and of the move to a new device
 * (and the chaos run): what the student's exam screen says about the server's copy, the
 * summary before submitting, the resume PIN, and the proctor's move. The texts are the contract's.
 */

/** How long ago the server last received everything, as the status line says it. */
const ago = String.raw`(just now|\d+ seconds? ago|\d+ minutes? ago)`

/** The exam header's status line about the server's copy. */
export function serverCopyStatus(page: Page): Locator {
  return page.getByRole('status').filter({ hasText: /^Server copy: / })
}

/** The status line once the device holds nothing the server lacks. */
export async function waitForEverythingReceived(page: Page, timeout = 15_000): Promise<void> {
  await serverCopyStatus(page)
    .filter({ hasText: new RegExp(`^Server copy: everything received ${ago}$`) })
    .waitFor({ timeout })
}

/** The status line while `count` answers are on this device only, after an earlier delivery. */
export function deviceOnlyStatus(count: number): RegExp {
  return new RegExp(`^Server copy: ${count} answers? saved on this device only; everything received ${ago}$`)
}

/** The navigator's jump button of the question at `position` (1 = first shown). */
export function jumpButton(page: Page, position: number): Locator {
  return page
    .getByRole('navigation', { name: 'Questions' })
    .getByRole('button', { name: new RegExp(`^Question ${position}(:|$)`) })
}

/** The accessible name a jump button must have, as the contract words it. */
export function jumpName(position: number, state: { answered: boolean; flagged?: boolean; received?: boolean }): string {
  const saved = state.answered ? (state.received ? ', received by the server' : ', saved on this device only') : ''
  return `Question ${position}: ${state.answered ? 'answered' : 'not answered'}${state.flagged ? ', flagged for review' : ''}${saved}`
}

/** Waits until the jump button of `position` reads `name` (the navigator follows the reports). */
export async function expectJumpName(page: Page, position: number, name: string): Promise<void> {
  await expect.poll(() => jumpButton(page, position).getAttribute('aria-label'), { timeout: 15_000 }).toBe(name)
}

/** Flags the question shown for review ("Review later") and waits until the toggle says so. */
export async function flagShownQuestion(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Review later' })
  await toggle.click()
  await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true')
}

/** The summary before submitting, opened from the navigator's "Review all answers". */
export async function openSummary(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Review all answers' }).click()
  const summary = summaryDialog(page)
  await summary.waitFor()
  return summary
}

export function summaryDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Review before submitting' })
}

/** The summary's line of the question at `position`: its "Question n" button back to it and what it says of it. */
export function summaryLine(summary: Locator, position: number): Locator {
  return summary
    .getByRole('listitem')
    .filter({ has: summary.page().getByRole('button', { name: `Question ${position}`, exact: true }) })
}

/** "Submit Test", then "Submit now" in the summary, to the completion screen. */
export async function submitThroughSummary(page: Page): Promise<void> {
  await submitTest(page)
  await anyCompletionHeading(page).waitFor()
}

/** The server's copy of the code's attempts: answers and flags, by attempt id. */
export async function serverCopies(
  code: string,
): Promise<{ id: string; state: string; reported_answers: unknown; reported_flags: unknown }[]> {
  return dataOf(
    await service
      .from('exam_attempts')
      .select('id, state, reported_answers, reported_flags')
      .eq('login_code', code)
      .order('started_at'),
  )
}

// The proctor

/** The Proctor Room's rows of the code's attempts (a moved code has two). */
export function attemptRows(page: Page, code: string): Locator {
  return page.getByRole('row').filter({ hasText: code })
}

/** In the open Proctor Room: "Move to a new device" for the student; answers the PIN the dialog shows. */
export async function offerMove(page: Page, code: string, studentName: string): Promise<string> {
  await attemptRows(page, code)
    .getByRole('button', { name: `Move ${studentName} to a new device` })
    .click({ timeout: liveTimeoutMs })
  const dialog = page.getByRole('dialog', { name: `Move ${studentName} to a new device` })
  await dialog.getByText('On the new device, enter the login code, then this PIN.').waitFor()
  await dialog.getByText(/Valid until .+ \(10 minutes\)/).waitFor()
  const pin = ((await dialog.getByLabel('Resume PIN').textContent()) ?? '').trim()
  expect(pin).toMatch(/^\d{6}$/)
  await page.keyboard.press('Escape')
  return pin
}

/** The Test Results rows of the code (searched for). */
export async function resultRows(page: Page, code: string): Promise<Locator> {
  await page.goto(`${appUrl}/admin/results`)
  await page.getByRole('searchbox', { name: 'Search' }).fill(code)
  return page.getByRole('row').filter({ hasText: code })
}
