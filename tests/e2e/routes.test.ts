import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { appUrl, pagePerFile } from './fixtures.ts'

let page: Page
pagePerFile((opened) => {
  page = opened.page
})

async function visit(path: string): Promise<{ path: string; heading: string }> {
  await page.goto(`${appUrl}${path}`)
  const heading = page.getByRole('heading', { level: 1 })
  await heading.waitFor()
  return { path: new URL(page.url()).pathname, heading: (await heading.textContent()) ?? '' }
}

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
    const result = await visit(path)
    expect(result.path).toBe(expected)
    expect(result.heading.length).toBeGreaterThan(0)
  })

  it('loads its Supabase configuration from the server and reaches the API', async () => {
    await page.goto(appUrl)
    const answer = await page.evaluate(async () => {
      const config = (await (await fetch('/config.json')).json()) as { supabaseUrl: string; supabaseAnonKey: string }
      const res = await fetch(`${config.supabaseUrl}/rest/v1/exam_schedule?select=exam_name&is_active=eq.true`, {
        headers: { apikey: config.supabaseAnonKey },
      })
      return { status: res.status, body: (await res.json()) as unknown }
    })
    expect(answer).toEqual({ status: 200, body: [{ exam_name: 'Holdfast Assessment' }] })
  })
})
