import type { Browser, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { appUrl, pagePerFile } from './fixtures.ts'

let browser: Browser
let page: Page
pagePerFile((opened) => {
  browser = opened.browser
  page = opened.page
})

async function open(path: string): Promise<void> {
  await page.goto(`${appUrl}${path}`)
  await page.getByRole('heading', { level: 1 }).first().waitFor()
}

function pathname(): string {
  return new URL(page.url()).pathname
}

describe('the public pages', () => {
  it.each([
    ['/', 'Welcome to Holdfast'],
    ['/solutions', 'View Results'],
    ['/privacy', 'Privacy Policy'],
    ['/terms', 'Terms of Service'],
    ['/cookies', 'Cookie Policy'],
    ['/accessibility', 'Accessibility'],
  ])('%s shows "%s" between the header and the footer', async (path, heading) => {
    await open(path)

    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(heading)
    expect(pathname()).toBe(path)
    await expect
      .poll(() => page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents())
      .toEqual(['Home', 'Student Portal', 'View Results', 'Admin Panel'])
    await expect.poll(() => page.getByRole('navigation', { name: 'Policies' }).getByRole('link').count()).toBe(4)
    await expect.poll(() => page.getByRole('region', { name: 'Contact' }).isVisible()).toBe(true)
  })

  it.each([
    ['/student', '/student'],
    ['/admin', '/admin'],
    ['/no-such-page', '/'],
    ['/solutions/extra', '/'],
    ['/privacy-policy', '/'],
  ])('%s renders at %s', async (path, expected) => {
    await open(path)
    expect(pathname()).toBe(expected)
  })

  it('states the exam facts on the home page, the seeded exam’s length and size among them', async () => {
    await open('/')

    await expect
      .poll(async () =>
        (await page.getByRole('region', { name: 'About the exam' }).getByRole('listitem').allTextContents()).join(' | '),
      )
      .toMatch(
        /30 minutes, 50 multiple-choice questions.*\| Four options each.*\| Camera monitoring.*\| Tab switching tracked.*\| Automatic time enforcement/,
      )
    await expect.poll(() => page.getByRole('list', { name: 'Portals' }).getByRole('listitem').count()).toBe(3)
  })

  it('states the retention and accommodation promises (docs/product.md#retention)', async () => {
    await open('/privacy')
    await page.getByText('Exam questions are deleted 24 hours after the exam').waitFor()
    await page.getByText('Technical logs are kept 30 days').waitFor()

    await open('/accessibility')
    await page.getByText('please contact us at least 48 hours before your exam').waitFor()

    await open('/cookies')
    await page.getByRole('heading', { name: 'IndexedDB (a database inside your browser)' }).waitFor()
  })

  it('tells a browser older than the minimum versions that it is not supported', async () => {
    const firefox64 = await browser.newContext({
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:64.0) Gecko/20100101 Firefox/64.0',
    })
    try {
      const old = await firefox64.newPage()
      await old.goto(`${appUrl}/solutions`)
      const notice = old.getByRole('region', { name: 'Browser Not Supported' })
      await notice.waitFor()
      await expect
        .poll(() => notice.getByRole('listitem').allTextContents())
        .toEqual(['Chrome 70', 'Firefox 65', 'Safari 12', 'Edge 79'])
      await expect.poll(() => old.getByLabel('Login code').count()).toBe(0)
    } finally {
      await firefox64.close()
    }
  })

  it('opens and closes the mobile menu with the keyboard', async () => {
    const phone = await browser.newPage({ viewport: { width: 375, height: 740 } })
    try {
      await phone.goto(`${appUrl}/`)
      const toggle = phone.getByRole('button', { name: 'Menu' })
      const studentPortal = phone.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Student Portal' })
      await studentPortal.waitFor({ state: 'hidden' })

      await toggle.focus()
      await phone.keyboard.press('Enter')
      await studentPortal.waitFor({ state: 'visible' })
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true')

      await phone.keyboard.press('Tab')
      await phone.keyboard.press('Escape')
      await studentPortal.waitFor({ state: 'hidden' })
      await expect.poll(() => toggle.evaluate((element) => element === document.activeElement)).toBe(true)

      await phone.keyboard.press('Space')
      await studentPortal.waitFor({ state: 'visible' })
      await studentPortal.focus()
      await phone.keyboard.press('Enter')
      await phone.waitForURL(`${appUrl}/student`)
      await studentPortal.waitFor({ state: 'hidden' })
    } finally {
      await phone.close()
    }
  })
})
