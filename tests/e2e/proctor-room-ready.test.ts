import type { Browser, Page } from 'playwright-core'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  adminPagesPerTest,
  appUrl,
  dataOf,
  desktop,
  examsPerFile,
  expectAccessible,
  fromNow,
  liveTimeoutMs,
  minute,
  pagePerFile,
  phone,
  service,
} from './fixtures.ts'

/**
 * Issue 28, the Proctor Room for a room, in Chromium on the real stack at a desktop's size and a
 * phone's: most devices falling silent together read as one outage (a banner, rows "Not
 * reporting") that goes by itself once they report again; the order the proctor picks survives a
 * reload; a note and extra time from the row; one card per attempt on a phone. The room is an exam
 * of this file's own, its attempts written by the service role with their last reports moved back
 * in time (a device that cannot report leaves exactly that on the server), so nothing waits on a
 * clock.
 */

const newExam = examsPerFile()
const bank = [1, 2, 3].map((n) => ({
  question_number: n,
  question_text: `Room question ${n}?`,
  option_a: 'Alpha',
  option_b: 'Bravo',
  option_c: 'Charlie',
  option_d: 'Delta',
  correct_answer: 'A',
}))

let browser: Browser
pagePerFile((opened) => {
  browser = opened.browser
})
/** An administrator's page of its own (axe reads only pages of a context the test made), closed after the test. */
const signedInAdmin = adminPagesPerTest(() => browser)

interface RoomAttempt {
  name: string
  /** How long ago the device last reported. */
  silentMs: number
  state?: 'in_progress' | 'submitted_on_device'
  /** Milliseconds from now to the attempt's deadline (20 minutes unless said). */
  deadlineInMs?: number
  /** Whether the device's browser keeps its storage under pressure (unknown unless said). */
  storagePersistent?: boolean
}

/** An exam of its own with one attempt per student, as their devices left them on the server. */
async function roomOf(students: RoomAttempt[]): Promise<{ examId: string; codes: Map<string, string> }> {
  const exam = await newExam(`Room ${crypto.randomUUID().slice(0, 8)}`, bank)
  const codes = new Map<string, string>()
  for (const student of students) {
    const code = await exam.newCode()
    codes.set(student.name, code)
    dataOf(
      await service
        .from('exam_attempts')
        .insert({
          id: crypto.randomUUID(),
          login_code: code,
          exam_id: exam.id,
          sitting_id: exam.sittingId,
          student_name: student.name,
          started_at: fromNow(-10 * minute),
          deadline: fromNow(student.deadlineInMs ?? 20 * minute),
          storage_persistent: student.storagePersistent ?? null,
          question_count: bank.length,
          answered_count: 2,
          state: student.state ?? 'in_progress',
          last_seen: fromNow(-student.silentMs),
        })
        .select('id'),
    )
  }
  return { examId: exam.id, codes }
}

/** Four students writing, three of whose devices stopped within a minute of each other 3 minutes ago, and one who submitted on the device before the Wi-Fi went. */
const outageRoom: RoomAttempt[] = [
  { name: 'Ada Byron', silentMs: 3 * minute },
  { name: 'Ben Carter', silentMs: 2.5 * minute },
  { name: 'Cleo Diaz', silentMs: 2 * minute },
  { name: 'Dev Evans', silentMs: 0 },
  { name: 'Eve Fischer', silentMs: 5 * minute, state: 'submitted_on_device' },
]

const bannerPattern =
  /^The room stopped reporting at (.+) \(Wi-Fi\?\): students can keep working; their answers are safe on their devices$/

async function openRoom(admin: Page, examId: string, query = ''): Promise<void> {
  await admin.goto(`${appUrl}/admin/live?exam=${examId}${query}`)
  await admin.getByRole('heading', { level: 1, name: 'Proctor Room' }).waitFor()
  await admin.getByRole('status', { name: 'Live updates' }).getByText('Live', { exact: true }).waitFor({ timeout: 30_000 })
}

/** The row (desktop) or card (phone) of the student. */
const attemptOf = (admin: Page, name: string) =>
  admin.locator('tbody tr, li.attempt-card').filter({ has: admin.getByText(name, { exact: true }) })

async function statusIs(admin: Page, name: string, status: string): Promise<void> {
  await attemptOf(admin, name).getByText(status, { exact: true }).waitFor({ timeout: liveTimeoutMs })
}

/** Every device of the room reports again, as they do once the Wi-Fi is back. */
async function reportAgain(codes: Map<string, string>): Promise<void> {
  dataOf(
    await service
      .from('exam_attempts')
      .update({ last_seen: fromNow(0) })
      .in('login_code', [...codes.values()])
      .eq('state', 'in_progress')
      .select('id'),
  )
}

describe('the Proctor Room for a room, at a desktop’s size', () => {
  let page: Page
  beforeEach(async () => {
    page = await signedInAdmin(desktop)
  })

  it('reads a room-wide outage as one event, keeps a submitted device apart, and drops both once the devices report again', async () => {
    const { examId, codes } = await roomOf(outageRoom)
    await openRoom(page, examId)
    const banner = page.getByRole('status').filter({ hasText: bannerPattern })
    await banner.waitFor({ timeout: liveTimeoutMs })
    // Above the table.
    const bannerBox = await banner.boundingBox()
    const tableBox = await page.getByRole('table', { name: 'Exam attempts, by name' }).boundingBox()
    expect(bannerBox && tableBox && bannerBox.y < tableBox.y).toBe(true)
    for (const name of ['Ada Byron', 'Ben Carter', 'Cleo Diaz']) await statusIs(page, name, 'Not reporting')
    await statusIs(page, 'Dev Evans', 'On track')
    await statusIs(page, 'Eve Fischer', 'Submitted on device, not yet received')
    expect(await page.getByRole('table').getByText('Offline', { exact: true }).count()).toBe(0)
    // The banner's moment is Ada's last report, which her progress says it is as of.
    const since = bannerPattern.exec((await banner.textContent()) ?? '')?.[1]
    await attemptOf(page, 'Ada Byron').getByText(`2 / 3at ${since}`).waitFor()
    await attemptOf(page, 'Ada Byron').getByText(`as of ${since}`).waitFor()
    await expectAccessible(page, 'Proctor Room with a room outage')

    await reportAgain(codes)
    await banner.waitFor({ state: 'detached', timeout: liveTimeoutMs })
    for (const name of ['Ada Byron', 'Ben Carter', 'Cleo Diaz', 'Dev Evans']) await statusIs(page, name, 'On track')
    await statusIs(page, 'Eve Fischer', 'Submitted on device, not yet received')
  })

  it('keeps single silent students "Offline" while most of the room reports, and one silent past the deadline as submitted on the device', async () => {
    const { examId } = await roomOf([
      { name: 'Ada Byron', silentMs: 3 * minute },
      { name: 'Ben Carter', silentMs: 0, storagePersistent: false },
      { name: 'Cleo Diaz', silentMs: 0 },
      { name: 'Dev Evans', silentMs: 0 },
      { name: 'Fay Green', silentMs: 3 * minute, deadlineInMs: -minute },
    ])
    await openRoom(page, examId)
    await statusIs(page, 'Ada Byron', 'Offline')
    // Its device's timer ended the exam at the deadline: the answers wait on the device.
    await statusIs(page, 'Fay Green', 'Submitted on device, not yet received')
    expect(await page.getByRole('status').filter({ hasText: bannerPattern }).count()).toBe(0)
    await attemptOf(page, 'Ben Carter')
      .getByText('This browser may clear the answers if the phone runs out of space', { exact: true })
      .waitFor()
    expect(await page.getByText('storage not persistent').count()).toBe(0)
  })

  it('orders by the proctor’s choice, which survives a reload, and saves a note and extra time from the row', async () => {
    const { examId, codes } = await roomOf([
      { name: 'Zara Young', silentMs: 3 * minute },
      { name: 'Ada Byron', silentMs: 0 },
      { name: 'Mia Lopez', silentMs: 0 },
    ])
    await openRoom(page, examId)
    const names = () => page.locator('tbody th[scope="row"]').allTextContents()
    await expect.poll(names).toEqual(['Ada Byron', 'Mia Lopez', 'Zara Young'])

    await page.getByRole('combobox', { name: 'Order' }).selectOption({ label: 'Problems first' })
    await page.getByRole('table', { name: 'Exam attempts, problems first' }).waitFor()
    await expect.poll(names).toEqual(['Zara Young', 'Ada Byron', 'Mia Lopez'])
    expect(new URL(page.url()).searchParams.get('order')).toBe('problems')
    await page.reload()
    await page.getByRole('table', { name: 'Exam attempts, problems first' }).waitFor({ timeout: liveTimeoutMs })
    expect(await page.getByRole('combobox', { name: 'Order' }).inputValue()).toBe('problems')

    await page.getByRole('button', { name: 'Note for Mia Lopez' }).click()
    const dialog = page.getByRole('dialog', { name: 'Note for Mia Lopez' })
    await dialog.getByLabel('Seat').fill('12')
    await dialog.getByLabel('Note').fill('Moved to spare laptop')
    await expectAccessible(page, 'Note dialog', '[role="dialog"]')
    await dialog.getByRole('button', { name: 'Save note' }).click()
    await page.getByText('Note saved', { exact: true }).waitFor()
    await attemptOf(page, 'Mia Lopez').getByText('Seat 12', { exact: true }).waitFor()
    await attemptOf(page, 'Mia Lopez').getByText('Note: Moved to spare laptop', { exact: true }).waitFor()

    await page.getByRole('combobox', { name: 'Order' }).selectOption({ label: 'Seat' })
    await page.getByRole('table', { name: 'Exam attempts, by seat' }).waitFor()
    await expect.poll(names).toEqual(['Mia LopezSeat 12Note: Moved to spare laptop', 'Ada Byron', 'Zara Young'])

    await page.getByRole('button', { name: 'Extra time for Ada Byron' }).click()
    const extraTime = page.getByRole('dialog', { name: `Extra time for ${codes.get('Ada Byron')}` })
    await extraTime.getByRole('spinbutton', { name: /^Extra time/ }).fill('10')
    await extraTime.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Extra time for Ada Byron set to 10 minutes', { exact: true }).waitFor()
    await attemptOf(page, 'Ada Byron').getByText('+10 min').waitFor({ timeout: liveTimeoutMs })

    await page.goto(`${appUrl}/admin/activity`)
    await page.getByRole('heading', { level: 1, name: 'Activity' }).waitFor()
    await page.getByLabel('Action').selectOption({ label: 'Proctor notes' })
    await page
      .getByRole('region', { name: 'Activity' })
      .getByRole('cell', {
        name: `Note on Mia Lopez (login code ${codes.get('Mia Lopez')}): seat 12, Moved to spare laptop`,
        exact: true,
      })
      .waitFor({ timeout: liveTimeoutMs })
  })
})

describe('the Proctor Room for a room, on a phone', () => {
  it('shows one card per attempt with every fact and action, the outage banner, and no sideways scrolling', async () => {
    const { examId } = await roomOf(outageRoom)
    const admin = await signedInAdmin(phone)
    await openRoom(admin, examId)
    const cards = admin.getByRole('list', { name: 'Exam attempts, by name' }).getByRole('listitem')
    await expect.poll(() => cards.count(), { timeout: liveTimeoutMs }).toBe(outageRoom.length)
    expect(await admin.getByRole('table').count()).toBe(0)
    const banner = admin.getByRole('status').filter({ hasText: bannerPattern })
    await banner.waitFor()
    await statusIs(admin, 'Ada Byron', 'Not reporting')
    await statusIs(admin, 'Eve Fischer', 'Submitted on device, not yet received')
    const ada = attemptOf(admin, 'Ada Byron')
    // Her progress and time left say when they were last reported, on a card too.
    const since = bannerPattern.exec((await banner.textContent()) ?? '')?.[1]
    await ada.getByText(`2 / 3at ${since}`).waitFor()
    await ada.getByText(`as of ${since}`).waitFor()
    expect(await ada.locator('dt').allTextContents()).toEqual([
      'Status',
      'Exam',
      'Login code',
      'Progress',
      'Time left',
      'Tab switches',
      'Last seen',
    ])
    for (const action of ['Extra time for Ada Byron', 'Note for Ada Byron', 'Move Ada Byron to a new device']) {
      await ada.getByRole('button', { name: action }).waitFor()
    }
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await expectAccessible(admin, 'Proctor Room on a phone')

    await ada.getByRole('button', { name: 'Note for Ada Byron' }).click()
    const dialog = admin.getByRole('dialog', { name: 'Note for Ada Byron' })
    await dialog.getByLabel('Seat').fill('4')
    await dialog.getByRole('button', { name: 'Save note' }).click()
    await admin.getByText('Note saved', { exact: true }).waitFor()
    await ada.getByText('Seat 4', { exact: true }).waitFor()
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

    // The order and the extra time, on a phone too.
    await admin.getByRole('combobox', { name: 'Order' }).selectOption({ label: 'Seat' })
    const bySeat = admin.getByRole('list', { name: 'Exam attempts, by seat' }).getByRole('listitem')
    await expect.poll(async () => (await bySeat.first().textContent())?.startsWith('Ada Byron')).toBe(true)
    await attemptOf(admin, 'Dev Evans').getByRole('button', { name: 'Extra time for Dev Evans' }).click()
    const extraTime = admin.getByRole('dialog', { name: /^Extra time for / })
    await extraTime.getByRole('spinbutton', { name: /^Extra time/ }).fill('5')
    await expectAccessible(admin, 'Extra time on a phone', '[role="dialog"]')
    await extraTime.getByRole('button', { name: 'Save' }).click()
    await admin.getByText('Extra time for Dev Evans set to 5 minutes', { exact: true }).waitFor()
    await attemptOf(admin, 'Dev Evans').getByText('+5 min').waitFor({ timeout: liveTimeoutMs })
  })
})
