import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import Papa from 'papaparse'
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { utf8Bom } from '../../src/domain/results-csv.ts'
import {
  alphaToDeltaBank,
  appUrl,
  dataOf,
  desktopViewport,
  examsPerFile,
  expectAccessible,
  pagePerTest,
  phoneViewport,
  printRequests,
  randomCode,
  recordPrintRequests,
  service,
  signInAsAdmin,
  startExamOf,
  waitForText,
} from './fixtures.ts'

/**
 * Issue 28's codes a teacher can hand out, in Chromium on the real stack: any number of codes up to
 * 500, a label and a pasted class list; a code a student has started with is "In use", never
 * "Available", here and on the dashboard; Copy all, Export CSV and the printed slips (one per
 * available code, A4, nothing else of the page printed), at a desktop's size and a phone's. Every
 * code belongs to an exam of this file's own, so no other file's codes change what it sees.
 */

let context: BrowserContext
let page: Page
pagePerTest((opened) => {
  context = opened.context
  page = opened.page
})

const newExam = examsPerFile()
const students = ['Ada Lovelace', 'Blaise Pascal', 'Carl Gauss', 'Emmy Noether', 'Sophie Germain', 'Alan Turing']
const classList = [
  ...students,
  '',
  'Grace Hopper',
  'Katherine Johnson',
  'Mary Somerville',
  'Srinivasa Ramanujan',
  'Hypatia',
  'Euclid',
]
const namedCount = classList.filter((name) => name !== '').length

interface ExamOfTest {
  id: string
  name: string
  sittingName: string
}

/** An exam of its own with a sitting open now, for one test. */
async function examForTest(): Promise<ExamOfTest> {
  const name = `Codes ${randomUUID().slice(0, 8)}`
  const sittingName = `${name} morning`
  const { id } = await newExam(name, alphaToDeltaBank(['One', 'Two', 'Three']), { name: sittingName })
  return { id, name, sittingName }
}

/**
 * The administrator signed in at a screen's size, the clipboard allowed (Copy all is read back from it) and print
 * requests recorded, with an exam of the test's own.
 */
async function signedInWithExam(viewport: typeof desktopViewport): Promise<ExamOfTest> {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: appUrl })
  await page.setViewportSize(viewport)
  await recordPrintRequests(page)
  await signInAsAdmin(page)
  return examForTest()
}

async function codesOf(examId: string) {
  return dataOf(
    await service.from('login_codes').select('code, label, student_name, is_used').eq('exam_id', examId).order('student_name'),
  )
}

async function openCodes(exam: ExamOfTest, query = '') {
  await page.goto(`${appUrl}/admin/codes?exam=${exam.id}${query}`)
  await page.getByRole('heading', { level: 1, name: 'Login Code Manager' }).waitFor()
  await page.getByRole('heading', { name: /^Available Codes \(\d+\)$/ }).waitFor()
}

const statTexts = () => page.getByRole('list', { name: 'Login code statistics' }).getByRole('listitem').allTextContents()
const listedCodes = (list: string) => page.getByRole('list', { name: list }).locator('.code-item__code').allTextContents()

/** Whether the page is wider than the screen: a phone would scroll sideways. */
const scrollsSideways = () => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)

describe('Login Code Manager at a desktop size', () => {
  it('generates a class list of codes with a label, refuses a number out of range, and keeps a started code out of Available', async () => {
    const exam = await signedInWithExam(desktopViewport)
    await openCodes(exam)
    await expectAccessible(page, 'login codes, empty')

    const count = page.getByRole('spinbutton', { name: 'Number of codes' })
    await count.fill('501')
    await page.getByRole('button', { name: 'Generate', exact: true }).click()
    await waitForText(page, 'Enter a number of codes from 1 to 500')
    expect(await codesOf(exam.id)).toEqual([])

    // By keyboard: the label, then the names, then Generate.
    await page.getByRole('textbox', { name: 'Label (optional)' }).fill('10B')
    await page.getByRole('textbox', { name: 'Names (optional, one per line)' }).fill(classList.join('\n'))
    await page.getByText(`Generate makes ${namedCount} codes, one per name.`).waitFor()
    await page.getByRole('button', { name: 'Generate', exact: true }).focus()
    await page.keyboard.press('Enter')
    await waitForText(page, `Successfully generated ${namedCount} new login codes`)
    const made = await codesOf(exam.id)
    expect(made.map((row) => row.student_name).sort()).toEqual(classList.filter((name) => name !== '').sort())
    for (const row of made) expect(row).toMatchObject({ label: '10B', is_used: false })

    await page.getByRole('textbox', { name: 'Label (optional)' }).fill('')
    await page.getByRole('button', { name: 'Generate 1' }).click()
    await waitForText(page, 'Successfully generated 1 new login code')
    await expect.poll(statTexts).toEqual([`Total${namedCount + 1}`, `Available${namedCount + 1}`, 'In use0', 'Used0'])

    const ada = made.find((row) => row.student_name === 'Ada Lovelace')?.code as string
    await startExamOf(ada, randomUUID(), 'Ada Lovelace')
    // The screen hears of the attempt by itself.
    await expect.poll(() => listedCodes('Codes in use')).toEqual([ada])
    await expect.poll(statTexts).toEqual([`Total${namedCount + 1}`, `Available${namedCount}`, 'In use1', 'Used0'])
    expect(await listedCodes('Available codes')).not.toContain(ada)
    await page.getByRole('list', { name: 'Codes in use' }).getByText('Started by Ada Lovelace').waitFor()
    await expectAccessible(page, 'login codes with codes in use')

    // The dashboard counts the same available codes for this exam.
    await page.goto(`${appUrl}/admin?exam=${exam.id}`)
    await expect.poll(() => page.locator('.admin-status-list').textContent()).toContain(`Available codes${namedCount}`)
  })

  it('copies, exports and prints the codes of one label: one slip per available code, nothing else printed, on A4', async () => {
    const exam = await signedInWithExam(desktopViewport)
    const insert = (rows: { label: string | null; student_name: string | null }[]) =>
      service.from('login_codes').insert(rows.map((row) => ({ code: randomCode(), exam_id: exam.id, ...row })))
    dataOf(await insert(classList.filter(Boolean).map((student_name) => ({ label: '10B', student_name }))).select('code'))
    dataOf(
      await insert([
        { label: '10C', student_name: null },
        { label: null, student_name: '=HYPERLINK("x")' },
      ]).select('code'),
    )
    const inUse = (await codesOf(exam.id)).find((row) => row.student_name === 'Blaise Pascal')?.code as string
    await startExamOf(inUse, randomUUID(), 'Blaise Pascal')
    const available10B = namedCount - 1

    await openCodes(exam)
    await page.getByRole('combobox', { name: 'Label' }).selectOption('10B')
    await expect.poll(() => new URL(page.url()).searchParams.get('label')).toBe('10B')
    await expect.poll(statTexts).toEqual([`Total${namedCount}`, `Available${available10B}`, 'In use1', 'Used0'])

    await page.getByRole('button', { name: 'Copy all' }).click()
    await page.getByRole('button', { name: 'Copied' }).waitFor()
    const copied = (await page.evaluate(() => navigator.clipboard.readText())).split('\n')
    expect(copied).toHaveLength(available10B)
    for (const line of copied) expect(line).toMatch(/^[A-Z0-9]{8}\t[^\t]+\t10B$/)
    expect(copied.some((line) => line.startsWith(inUse))).toBe(false)
    // "Copied" goes by itself.
    await page.getByRole('button', { name: 'Copy all' }).waitFor()

    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export CSV' }).click()
    const csv = (await readFile(await (await download).path())).toString('utf8')
    expect(csv.startsWith(utf8Bom)).toBe(true)
    const [header, ...rows] = Papa.parse<string[]>(csv.slice(utf8Bom.length).trim()).data
    expect(header).toEqual(['code', 'label', 'name', 'exam', 'sitting'])
    expect(rows).toHaveLength(namedCount)
    expect(rows.map((row) => row[0])).toContain(inUse)
    for (const row of rows) expect(row.slice(1)).toEqual(['10B', expect.any(String), exam.name, exam.sittingName])

    await page.getByRole('button', { name: 'Print slips' }).click()
    await expect.poll(() => printRequests(page)).toBe(1)
    await page.emulateMedia({ media: 'print' })
    const slips = page.locator('.login-code-slip')
    await expect.poll(() => slips.count()).toBe(available10B)
    for (const slip of await slips.all()) expect(await slip.isVisible()).toBe(true)
    // Nothing of the page but the slips: no header, menu, form or list.
    expect(await page.locator('#root').isVisible()).toBe(false)
    const ada = slips.filter({ hasText: 'Ada Lovelace' })
    const text = await ada.innerText()
    expect(text).toContain(exam.name)
    expect(text).toContain(`${exam.sittingName}, `)
    expect(text).toContain('Ada Lovelace · 10B')
    expect(text).toContain(`Go to ${new URL(appUrl).origin}/student and enter this code.`)
    expect(await ada.locator('.login-code-slip__code').innerText()).toMatch(/^[A-Z0-9]{8}$/)
    expect(await ada.evaluate((slip) => getComputedStyle(slip).borderTopStyle)).toBe('dashed')
    expect(await slips.allInnerTexts()).not.toContainEqual(expect.stringContaining(inUse))
    // Ten slips to an A4 page: 12 available codes print on 2 pages.
    const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1')
    expect(pdf.match(/\/Type\s*\/Page\b/g)).toHaveLength(Math.ceil(available10B / 10))
    // A4 is 595 × 842 points.
    expect(pdf).toMatch(/\/MediaBox\s*\[\s*0 0 59[45](\.\d+)? 84[12](\.\d+)?\s*\]/)
    await page.emulateMedia({ media: 'screen' })
    await expect.poll(() => slips.first().isVisible()).toBe(false)
  })
  it('generates 500 codes at once within seconds, and prints them ten to a page', async () => {
    const exam = await signedInWithExam(desktopViewport)
    await openCodes(exam)

    await page.getByRole('spinbutton', { name: 'Number of codes' }).fill('500')
    const clicked = Date.now()
    await page.getByRole('button', { name: 'Generate', exact: true }).click()
    await waitForText(page, 'Successfully generated 500 new login codes')
    // Generous for a loaded machine: lookups of 100 codes and one insert, not 500 requests.
    expect(Date.now() - clicked).toBeLessThan(15_000)
    expect(await codesOf(exam.id)).toHaveLength(500)
    await expect.poll(statTexts).toEqual(['Total500', 'Available500', 'In use0', 'Used0'])

    await page.getByRole('button', { name: 'Print slips' }).click()
    await expect.poll(() => printRequests(page)).toBe(1)
    await page.emulateMedia({ media: 'print' })
    await expect.poll(() => page.locator('.login-code-slip').count()).toBe(500)
    const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1')
    expect(pdf.match(/\/Type\s*\/Page\b/g)).toHaveLength(50)
    await page.emulateMedia({ media: 'screen' })
  })
})

describe('Login Code Manager at a phone size', () => {
  it('generates, lists and hands out codes without scrolling sideways', async () => {
    const exam = await signedInWithExam(phoneViewport)
    await openCodes(exam)
    expect(await scrollsSideways()).toBe(false)
    await expectAccessible(page, 'login codes on a phone')

    await page.getByRole('textbox', { name: 'Label (optional)' }).fill('Room 4')
    await page.getByRole('spinbutton', { name: 'Number of codes' }).fill('3')
    await page.getByRole('spinbutton', { name: 'Number of codes' }).press('Enter')
    await waitForText(page, 'Successfully generated 3 new login codes')
    await expect.poll(() => listedCodes('Available codes')).toHaveLength(3)
    await page.getByRole('list', { name: 'Available codes' }).getByText('Label: Room 4').first().waitFor()
    expect(await scrollsSideways()).toBe(false)
    await expectAccessible(page, 'login codes on a phone, with codes')

    const shown = await listedCodes('Available codes')
    await page.getByRole('button', { name: 'Copy all' }).click()
    await page.getByRole('button', { name: 'Copied' }).waitFor()
    const copied = (await page.evaluate(() => navigator.clipboard.readText())).split('\n')
    expect(copied.map((line) => line.split('\t'))).toEqual(shown.map((code) => [code, '', 'Room 4']))

    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export CSV' }).click()
    const csv = (await readFile(await (await download).path())).toString('utf8')
    expect(Papa.parse<string[]>(csv.slice(utf8Bom.length).trim()).data).toHaveLength(1 + 3)

    await page.getByRole('button', { name: 'Print slips' }).click()
    await expect.poll(() => printRequests(page)).toBe(1)
    await page.emulateMedia({ media: 'print' })
    await expect.poll(() => page.locator('.login-code-slip').count()).toBe(3)
    await page.emulateMedia({ media: 'screen' })
  })
})
