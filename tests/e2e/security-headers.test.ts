import { beforeEach, describe, expect, it } from 'vitest'
import { answer, appUrl, openStudentPortal, signInAsAdmin, startExam, studentExamFixture, submitExam } from './fixtures.ts'

/**
 * The built app under the Content-Security-Policy the local stack sends: each page a student or
 * an administrator opens does its work (config, API, Realtime's websocket, camera, service
 * worker, the CSV worker) with no violation reported, by the page or in the console.
 */

const exam = studentExamFixture()
const violations: string[] = []

beforeEach(async () => {
  violations.length = 0
  await exam.page.exposeFunction('reportPolicyViolation', (violation: string) => violations.push(violation))
  await exam.page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportPolicyViolation: (violation: string) => void }).reportPolicyViolation
      void report(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline code'} in ${event.sourceFile}`)
    })
  })
  exam.page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text())
  })
})

describe('the app under its Content-Security-Policy', () => {
  it('is served with the policy, nosniff and no referrer', async () => {
    const response = await exam.page.goto(`${appUrl}/student`)
    const headers = response?.headers() ?? {}
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(headers['content-security-policy']).toContain(`connect-src 'self' ws://${new URL(appUrl).host}`)
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['referrer-policy']).toBe('no-referrer')
  })

  it('runs the student exam with the camera preview and the service worker, and the results page', async () => {
    await openStudentPortal(exam.page)
    await exam.page.getByText(/^Exam is active until /).waitFor()
    await startExam(exam.page, await exam.newCode(), 'Policy Student')
    await exam.page.getByLabel('Your camera').waitFor()
    await answer(exam.page, 'A')
    await expect.poll(() => exam.page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state)).toBe('activated')

    const submitted = await exam.newCode()
    await submitExam(submitted, 'Policy Student', { '1': 'A' })
    await exam.page.goto(`${appUrl}/solutions`)
    await exam.page.getByLabel('Login code').fill(submitted)
    await exam.page.getByRole('button', { name: 'View My Results' }).click()
    await exam.page.getByText('Policy Student').first().waitFor()
    expect(violations).toEqual([])
  })

  it('runs the admin area: sign-in, every page, the CSV worker and the live proctor room', async () => {
    await signInAsAdmin(exam.page)
    for (const [path, heading] of [
      ['/admin/codes', 'Login Code Manager'],
      ['/admin/results', 'Test Results'],
      ['/admin/schedule', 'Exam Schedule'],
      ['/admin/questions', 'Question Manager'],
    ] as const) {
      await exam.page.goto(`${appUrl}${path}`)
      await exam.page.getByRole('heading', { level: 1, name: heading }).waitFor()
    }

    await exam.page.getByRole('button', { name: 'Import CSV' }).click()
    const dialog = exam.page.getByRole('dialog', { name: 'Import Questions from CSV' })
    await dialog
      .getByLabel('Or paste CSV data')
      .fill('question_number,question_text,option_a,option_b,option_c,option_d,correct_answer\n1,Q?,a,b,c,d,E')
    await dialog.getByRole('button', { name: 'Import Questions' }).click()
    await dialog.getByText('Nothing was imported: 1 row has errors. Fix them and import again.').waitFor()
    await exam.page.keyboard.press('Escape')

    await exam.page.goto(`${appUrl}/admin/live`)
    await exam.page.getByRole('heading', { level: 1, name: 'Proctor Room' }).waitFor()
    await exam.page
      .getByRole('status', { name: 'Live updates' })
      .filter({ hasText: /^Live$/ })
      .waitFor()
    expect(violations).toEqual([])
  })
})
