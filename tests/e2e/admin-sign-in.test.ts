import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from './browser.ts'
import { adminEmail, adminPassword, appUrl, followAdminMenu, service, signInAsAdmin, waitForText } from './fixtures.ts'

let browser: Browser
let page: Page

beforeAll(async () => {
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
})

async function freshPage(): Promise<Page> {
  await page?.context().close()
  page = await (await browser.newContext()).newPage()
  return page
}

const loginHeading = () => page.getByRole('heading', { level: 1, name: 'Admin Login' })

describe('admin sign-in', () => {
  it('shows only the login screen without a session, refuses a wrong password, then signs in', async () => {
    await freshPage()
    await page.goto(`${appUrl}/admin/questions`)
    await loginHeading().waitFor()
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBe(1)

    await page.getByLabel('Email').fill(adminEmail)
    await page.getByLabel('Password').fill('wrong-password')
    await page.getByRole('button', { name: 'Sign In' }).click()
    await waitForText(page, 'Invalid email or password. Please check your credentials.')

    await page.getByLabel('Password').fill(adminPassword)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await page.getByRole('heading', { level: 1, name: 'Question Manager' }).waitFor()
    await page.getByText(`Signed in as ${adminEmail}`).waitFor()
  })

  it('shows the dashboard counts of the database, and keeps the session across a reload', async () => {
    await freshPage()
    await signInAsAdmin(page)
    // Counted by the database, as a read returns at most max_rows rows.
    const counted = ({ count, error }: { count: number | null; error: { message: string } | null }) => {
      if (error || count === null) throw new Error(`counting failed: ${error?.message}`)
      return count
    }
    const exact = { count: 'exact', head: true } as const
    const questions = counted(await service.from('questions').select('*', exact))
    const codes = counted(await service.from('login_codes').select('*', exact))
    const used = counted(await service.from('login_codes').select('*', exact).eq('is_used', true))
    const submissions = counted(await service.from('submissions').select('*', exact))

    const stats = page.getByRole('list', { name: 'Statistics' })
    await stats.getByText(`Total Questions${questions}`).waitFor()
    await expect
      .poll(() => stats.getByRole('listitem').allTextContents())
      .toEqual([`Total Questions${questions}`, `Login Codes${codes}`, `Test Submissions${submissions}`, `Codes Used${used}`])
    await expect.poll(() => page.locator('.admin-status-list').textContent()).toContain(`Available codes${codes - used}`)

    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor()
    await page.getByRole('link', { name: 'Login Code Manager' }).click()
    await page.getByRole('heading', { level: 1, name: 'Login Code Manager' }).waitFor()
    await followAdminMenu(page, 'Dashboard')
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor()
  })

  it('sends an unknown admin path to /admin', async () => {
    await freshPage()
    await page.goto(`${appUrl}/admin/no-such-screen`)
    await loginHeading().waitFor()
    expect(new URL(page.url()).pathname).toBe('/admin')
  })

  it('signs out and shows the login screen when the stored refresh token is no longer valid', async () => {
    await freshPage()
    await signInAsAdmin(page)
    await page.evaluate(() => {
      const key = Object.keys(localStorage).find((name) => /^sb-.+-auth-token$/.test(name))
      if (!key) throw new Error('no supabase-js session in localStorage')
      const session = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>
      // An expired access token makes supabase-js refresh at start; this refresh token does not exist.
      localStorage.setItem(
        key,
        JSON.stringify({ ...session, expires_at: Math.floor(Date.now() / 1000) - 60, refresh_token: 'no-such-token' }),
      )
    })

    await page.reload()

    await loginHeading().waitFor()
    await expect
      .poll(() => page.evaluate(() => Object.keys(localStorage).filter((name) => /^sb-.+-auth-token$/.test(name))))
      .toEqual([])
  })

  it('logs out, and logging out again with the session already gone still ends on the login screen', async () => {
    await freshPage()
    await signInAsAdmin(page)

    await page.getByRole('button', { name: 'Logout' }).click()
    await loginHeading().waitFor()
    await page.reload()
    await loginHeading().waitFor()

    await signInAsAdmin(page)
    // The session disappears behind the app's back (e.g. cleared in another tab).
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage)) if (key.startsWith('sb-')) localStorage.removeItem(key)
    })
    await page.getByRole('button', { name: 'Logout' }).click()
    await loginHeading().waitFor()
  })
})
