import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { answer, openStudentPortal, startExam, studentExamFixture } from './fixtures.ts'

const exam = studentExamFixture()

/** The scripts the page requests from now on, by path, with a promise of each body. */
function recordScripts(page: Page): Map<string, Promise<string>> {
  const scripts = new Map<string, Promise<string>>()
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return
    scripts.set(
      new URL(response.url()).pathname,
      response.text().catch(() => ''),
    )
  })
  return scripts
}

describe("the student's download", () => {
  it('starts an exam and answers without the admin area, the Realtime client or the auth client', async () => {
    const scripts = recordScripts(exam.page)
    const code = await exam.newCode()
    await startExam(exam.page, code)
    await answer(exam.page, 'A')
    await exam.page.getByText('Answers saved on this device', { exact: true }).waitFor()

    const paths = [...scripts.keys()]
    expect(paths.some((path) => path.includes('/exam-page-'))).toBe(true)
    expect(paths.filter((path) => path.includes('/admin-area-'))).toEqual([])
    const bodies = await Promise.all(scripts.values())
    // Strings only supabase-js's Realtime client (the Phoenix protocol) and its auth client carry.
    expect(bodies.filter((body) => body.includes('phx_join') || body.includes('token?grant_type'))).toEqual([])
  })

  it('shows the code step of a first visit before Dexie is downloaded', async () => {
    const scripts = recordScripts(exam.page)
    // Dexie's own error names are in its chunk and nowhere else.
    const dexieBefore = async () => (await Promise.all(scripts.values())).some((body) => body.includes('DatabaseClosedError'))
    // Held back until the code step is on screen: the first screen must not wait for it. The chunk is found by
    // what it holds, not its name, which the bundler takes from whichever module it shares (Dexie serves the
    // Proctor Room's store too).
    let releaseDexie = () => {}
    const held = new Promise<void>((resolve) => (releaseDexie = resolve))
    const appScript = /\/assets\/[^/]*\.js$/
    const continued: Promise<void>[] = []
    await exam.page.route(appScript, (route) => {
      const sent = route.fetch().then(async (response) => {
        const body = await response.text()
        if (body.includes('DatabaseClosedError')) await held
        await route.fulfill({ response, body })
      })
      continued.push(sent)
      return sent
    })
    await openStudentPortal(exam.page)
    await exam.page.getByLabel('Login Code').waitFor()
    expect(await dexieBefore()).toBe(false)
    releaseDexie()
    // Every held request sent on before the route goes: unrouting first leaves them to be handled twice.
    await Promise.all(continued)
    await exam.page.unroute(appScript)
  })
})
