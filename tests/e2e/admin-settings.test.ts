import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Tables } from '../../src/lib/api/database.types.ts'
import {
  adminPagePerBlock,
  appUrl,
  dataOf,
  desktopAndPhone,
  examsPerFile,
  expectAccessible,
  pagePerFile,
  service,
  waitForText,
} from './fixtures.ts'

/**
 * Issue 28, set up once: the administrator names the institution and its contact (and the product
 * name students see) on /admin/settings; the footer and header of every page show them, from this
 * browser's copy before the server answers; the dashboard asks for them until they are set, and its
 * Exam Information names the real length and question count of the exam's sitting. The settings row
 * is put back as it was after the file.
 */

let browser: Browser
let settingsBefore: Tables<'site_settings'>
const newExam = examsPerFile()

const unset = { institution_name: null, contact_email: null, contact_phone: null, address: null, product_name: 'Holdfast' }

pagePerFile((opened) => {
  browser = opened.browser
})
beforeAll(async () => {
  settingsBefore = dataOf(await service.from('site_settings').select('*').single())
})
afterAll(async () => {
  const { id: _id, ...stored } = settingsBefore
  dataOf(await service.from('site_settings').update(stored).eq('id', true).select())
})

async function storedSettings(): Promise<Tables<'site_settings'>> {
  return dataOf(await service.from('site_settings').select('*').single())
}

describe.each(desktopAndPhone)('settings on a %s', (size, options) => {
  let page: Page
  adminPagePerBlock(
    () => browser,
    options,
    (opened) => (page = opened),
  )
  beforeEach(async () => {
    dataOf(await service.from('site_settings').update(unset).eq('id', true).select())
  })

  const school = {
    institution: `Springfield High (${size})`,
    email: 'exams@springfield.example',
    phone: '+44 20 7946 0000',
    address: '742 Evergreen Terrace, Springfield',
    product: `Springfield Exams ${size}`,
  }

  it("are asked for by the dashboard, saved on the Settings screen, and shown in every page's footer and header", async () => {
    await page.goto(`${appUrl}/admin`)
    const reminder = page.getByText(
      "Set your institution's name and contact in Settings: the footer shows placeholders until then.",
    )
    await reminder.waitFor()
    await reminder.getByRole('link', { name: 'Settings' }).click()
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor()
    await expect.poll(() => page.getByLabel('Product name').inputValue()).toBe('Holdfast')
    await expectAccessible(page, 'the Settings screen')

    await page.getByLabel('Institution name').fill(school.institution)
    await page.getByLabel('Contact e-mail').fill(school.email)
    await page.getByLabel('Contact phone').fill('call the office')
    await page.getByLabel('Address').fill(school.address)
    await page.getByLabel('Product name').fill(school.product)
    await page.getByRole('button', { name: 'Save settings' }).click()
    await waitForText(page, 'Enter a contact phone number of digits, spaces and + ( ) - . / (at most 40 characters)')
    await expectAccessible(page, 'a refused save of the settings')
    expect((await storedSettings()).institution_name).toBeNull()

    await page.getByLabel('Contact phone').fill(school.phone)
    await page.getByRole('button', { name: 'Save settings' }).click()
    await waitForText(page, 'Settings saved successfully')
    expect(await storedSettings()).toMatchObject({
      institution_name: school.institution,
      contact_phone: school.phone,
      product_name: school.product,
    })
    // This browser shows the new details at once, without a reload.
    const contact = page.getByRole('region', { name: 'Contact' })
    await contact.getByText(school.institution).waitFor()
    await page.getByRole('link', { name: school.product, exact: true }).waitFor()

    await page.goto(`${appUrl}/admin`)
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor()
    await page.getByRole('heading', { name: 'Exam Information' }).waitFor()
    expect(await page.getByText("Set your institution's name and contact").count()).toBe(0)

    await page.goto(`${appUrl}/admin/activity`)
    const logged = `Changed the settings: institution name not set → "${school.institution}"; contact e-mail not set → "${school.email}"`
    await page.getByText(logged, { exact: false }).first().waitFor()
  }, 90_000)

  it("show a visitor the institution's details, from this browser's copy too when the server does not answer", async () => {
    dataOf(
      await service
        .from('site_settings')
        .update({ institution_name: school.institution, contact_email: school.email, product_name: school.product })
        .eq('id', true)
        .select(),
    )
    const visitor = await browser.newContext(options)
    try {
      const visitorPage = await visitor.newPage()
      await visitorPage.goto(`${appUrl}/`)
      const contact = visitorPage.getByRole('region', { name: 'Contact' })
      await contact.getByText(school.institution).waitFor()
      await contact.getByRole('link', { name: school.email }).waitFor()
      // The phone was never set: its placeholder stays.
      await contact.getByText('+00 000 000 0000').waitFor()
      await visitorPage.getByRole('link', { name: school.product, exact: true }).waitFor()
      await expectAccessible(visitorPage, 'the home page with the settings')

      await visitorPage.route('**/rest/v1/rpc/site_settings', (route) => route.abort('internetdisconnected'))
      await visitorPage.goto(`${appUrl}/privacy`)
      await visitorPage.getByRole('region', { name: 'Contact' }).getByText(school.institution).waitFor()
      await visitorPage.getByText(`${school.product} is run for your exam by ${school.institution}.`, { exact: false }).waitFor()
    } finally {
      await visitor.close()
    }
  }, 60_000)

  it("names the exam's real length and question count in the dashboard's Exam Information", async () => {
    const threeQuestions = [1, 2, 3].map((n) => ({
      question_number: n,
      question_text: `Settings e2e question ${n}?`,
      option_a: 'a',
      option_b: 'b',
      option_c: 'c',
      option_d: 'd',
      correct_answer: 'A',
    }))
    const exam = await newExam(`Exam facts ${size} ${Date.now()}`, threeQuestions, { durationMinutes: 40 })
    await page.goto(`${appUrl}/admin?exam=${exam.id}`)
    const panel = page.getByRole('region', { name: 'Exam Information' })
    await expect
      .poll(() => panel.getByRole('listitem').allInnerTexts(), { timeout: 15_000 })
      .toEqual([
        '40 Minutes',
        '3 Multiple Choice Questions',
        'Camera monitoring',
        'Tab switching tracked',
        'Automatic time enforcement',
      ])
    await expectAccessible(page, 'the dashboard')
  }, 60_000)
})
