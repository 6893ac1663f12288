import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import type { Browser } from 'playwright-core'
import { startStack, type RunningStack } from '../../supabase/local/stack.ts'
import { launchChromium } from './browser.ts'
import { answer, enterExam, option } from './fixtures.ts'

// A server of this file's own: the test stops it, and the shared one must stay up.
let server: RunningStack | undefined
let browser: Browser

beforeAll(async () => {
  server = await startStack({ port: 0, staticDir: inject('appBuildDir') })
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

async function stopServer(running: RunningStack): Promise<void> {
  await running.close()
  server = undefined
  await expect(fetch(running.url)).rejects.toThrow()
}

describe('the offline app shell', () => {
  it('reloads / and an exam in progress on /student/test from the service worker with the server stopped', async () => {
    const running = server!
    const appUrl = running.url
    const { rows } = await running.db.query<{ code: string }>('select code from public.login_codes where not is_used limit 1')
    const code = rows[0]?.code
    if (!code) throw new Error('the seeded stack has no unused login code')
    const context = await browser.newContext()
    const page = await context.newPage()

    await page.goto(`${appUrl}/student`)
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
    await enterExam(page, code, 'Offline Student')
    await answer(page, 'B')

    await stopServer(running)

    const home = await context.newPage()
    await home.goto(`${appUrl}/`)
    await home.getByRole('heading', { level: 1, name: 'Welcome to Holdfast' }).waitFor()
    // API traffic is never answered from a cache: with the server gone it fails.
    const offlineAnswers = await home.evaluate(async () => {
      const attempt = (url: string) =>
        fetch(url).then(
          (response) => `answered ${response.status}`,
          () => 'failed',
        )
      return [await attempt('/config.json'), await attempt('/rest/v1/exam_schedule'), await attempt('/auth/v1/settings')]
    })
    expect(offlineAnswers).toEqual(['failed', 'failed', 'failed'])

    await page.reload()
    await page.getByRole('heading', { name: /^Question 1 of \d+$/ }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/student/test')
    await expect.poll(() => option(page, 'B').isChecked()).toBe(true)
    await context.close()
  })
})
