import type { Browser, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  adminMenu,
  appUrl,
  dataOf,
  expectAccessible,
  adminPagesPerTest,
  desktop,
  pagePerFile,
  phone,
  service,
} from './fixtures.ts'

/**
 * Issue 28, finding your way: the admin menu on every signed-in admin screen, a side column on a
 * desktop (1280×800) and a "Menu" button on a phone (390×844), with the current screen marked by
 * more than colour and the exam picked kept by every link. "← Back to Dashboard" is gone.
 */

let browser: Browser
pagePerFile((opened) => {
  browser = opened.browser
})

const signedIn = adminPagesPerTest(() => browser)

/** Each screen of the menu, in its order, with the heading it opens (Settings is helper D's screen). */
const screens = [
  ['Dashboard', '/admin', 'Admin Dashboard'],
  ['Exams', '/admin/exams', 'Exams'],
  ['Questions', '/admin/questions', 'Question Manager'],
  ['Login Codes', '/admin/codes', 'Login Code Manager'],
  ['Exam Schedule', '/admin/schedule', 'Exam Schedule'],
  ['Proctor Room', '/admin/live', 'Proctor Room'],
  ['Test Results', '/admin/results', 'Test Results'],
  ['Item Analysis', '/admin/items', 'Item Analysis'],
  ['Activity', '/admin/activity', 'Activity'],
] as const

const currentLinks = (page: Page) => adminMenu(page).locator('a[aria-current="page"]').allTextContents()

describe('the admin menu', () => {
  it('on a desktop: a side column to every screen, the current one marked by more than colour, no Back to Dashboard', async () => {
    const page = await signedIn(desktop)
    const menu = adminMenu(page)
    expect(await menu.getByRole('link').allTextContents()).toEqual([...screens.map(([name]) => name), 'Settings'])
    expect(await menu.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/admin/settings')
    // A side column: always shown, beside the screen, no Menu button.
    expect(await menu.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false)
    const heading = page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })
    const menuBox = await menu.boundingBox()
    const headingBox = await heading.boundingBox()
    if (!menuBox || !headingBox) throw new Error('the menu or the heading is not laid out')
    expect(menuBox.x + menuBox.width).toBeLessThanOrEqual(headingBox.x)
    await expectAccessible(page, 'dashboard with the admin menu')

    for (const [name, path, title] of screens) {
      await menu.getByRole('link', { name, exact: true }).click()
      await page.getByRole('heading', { level: 1, name: title }).waitFor()
      expect(new URL(page.url()).pathname).toBe(path)
      await expect.poll(() => currentLinks(page)).toEqual([name])
      expect(await page.getByRole('link', { name: /Back to Dashboard/ }).count()).toBe(0)
    }
    // Marked by a bar and bold type as well as its colours.
    const current = menu.locator('a[aria-current="page"]')
    const style = await current.evaluate((link) => {
      const computed = getComputedStyle(link)
      return { bar: computed.borderLeftWidth, weight: computed.fontWeight }
    })
    expect(style).toEqual({ bar: '4px', weight: '700' })
  })

  it('keeps the exam picked in every link', async () => {
    const examId = dataOf(await service.rpc('first_exam_id'))
    const page = await signedIn(desktop)
    await page.goto(`${appUrl}/admin/questions?exam=${examId}`)
    await page.getByRole('heading', { level: 1, name: 'Question Manager' }).waitFor()
    const hrefs = await adminMenu(page)
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
    expect(hrefs).toEqual([...screens.map(([, path]) => path), '/admin/settings'].map((path) => `${path}?exam=${examId}`))
  })

  it('is reached by keyboard with a visible focus', async () => {
    const page = await signedIn(desktop)
    const dashboard = adminMenu(page).getByRole('link', { name: 'Dashboard' })
    // From the top of the page, Tab reaches the menu's first link (after the header, its links and Logout).
    for (let presses = 0; presses < 20 && !(await dashboard.evaluate((link) => link === document.activeElement)); presses++) {
      await page.keyboard.press('Tab')
    }
    expect(await dashboard.evaluate((link) => link === document.activeElement)).toBe(true)
    expect(await dashboard.evaluate((link) => getComputedStyle(link).outlineStyle)).toBe('solid')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { level: 1, name: 'Exams' }).waitFor()
  })

  it('on a phone: a Menu button opens the list; Escape or choosing a screen closes it', async () => {
    const page = await signedIn(phone)
    const menu = adminMenu(page)
    const toggle = menu.getByRole('button', { name: 'Menu' })
    const list = menu.getByRole('list')
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    expect(await list.isVisible()).toBe(false)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

    await toggle.click()
    expect(await toggle.getAttribute('aria-expanded')).toBe('true')
    expect(await list.getAttribute('id')).toBe(await toggle.getAttribute('aria-controls'))
    await list.waitFor()
    await expectAccessible(page, 'phone with the admin menu open')

    await menu.getByRole('link', { name: 'Questions' }).focus()
    await page.keyboard.press('Escape')
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    expect(await list.isVisible()).toBe(false)
    expect(await toggle.evaluate((button) => button === document.activeElement)).toBe(true)

    await page.keyboard.press('Enter')
    await menu.getByRole('link', { name: 'Test Results' }).click()
    await page.getByRole('heading', { level: 1, name: 'Test Results' }).waitFor()
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    expect(await list.isVisible()).toBe(false)
    await toggle.click()
    await expect.poll(() => currentLinks(page)).toEqual(['Test Results'])
  })
})
