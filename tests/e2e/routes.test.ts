import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { appUrl, dataOf, pagePerFile, service } from './fixtures.ts'

let page: Page
pagePerFile((opened) => {
  page = opened.page
})

describe('the app served by the local stack', () => {
  it.each([
    ['/privacy', '/privacy'],
    ['/student', '/student'],
    ['/solutions', '/solutions'],
    ['/admin', '/admin'],
    ['/no-such-page', '/'],
    ['/student/nope', '/student'],
    ['/student/test', '/student'],
    ['/admin/nope', '/admin'],
  ])('opens %s at %s', async (path, expected) => {
    await page.goto(`${appUrl}${path}`)
    await expect.poll(() => new URL(page.url()).pathname).toBe(expected)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/\S/)
  })

  it('loads its Supabase configuration from the server and reaches the API', async () => {
    await page.goto(appUrl)
    const answer = await page.evaluate(async () => {
      const config = (await (await fetch('/config.json')).json()) as { supabaseUrl: string; supabaseAnonKey: string }
      const res = await fetch(`${config.supabaseUrl}/rest/v1/exam_schedule?select=exam_name&is_active=eq.true&order=id`, {
        headers: { apikey: config.supabaseAnonKey },
      })
      return { status: res.status, body: (await res.json()) as unknown }
    })
    // Exactly the active schedules, whichever file made them (one is seeded).
    const active = dataOf(await service.from('exam_schedule').select('exam_name').eq('is_active', true).order('id'))
    expect(active.length).toBeGreaterThan(0)
    expect(answer).toEqual({ status: 200, body: active })
  })
})
