import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, it } from 'vitest'
import {
  appUrl,
  createLoginCode,
  dataOf,
  deleteLoginCodes,
  openStudentPortal,
  pagePerTest,
  service,
  submitCode,
  submitExam,
  waitForText,
} from './fixtures.ts'

/**
 * A network that made too many wrong guesses of login codes (migration
 * 20261121000500_limit_code_guessing.sql) is told so, in words, on the student portal and the
 * results page, even for a code that exists.
 */

let context: BrowserContext
let page: Page
pagePerTest((opened) => {
  context = opened.context
  page = opened.page
})

/** The browser's address as the local stack reads it from X-Forwarded-For (documentation range, used by no one). */
const address = '198.51.100.77'
const tooManyAttempts = 'Too many attempts from this network. Please wait a few minutes and try again.'
const codes: string[] = []

beforeAll(async () => {
  const minute = new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString()
  // Far over the limit, whatever its exact number.
  dataOf(await service.from('code_guess_failures').insert({ client_address: address, minute, failures: 1_000_000 }).select())
})

afterAll(async () => {
  dataOf(await service.from('code_guess_failures').delete().eq('client_address', address).select())
  await deleteLoginCodes(codes)
})

async function fromLimitedNetwork(): Promise<void> {
  await context.setExtraHTTPHeaders({ 'X-Forwarded-For': address })
}

describe('a network over the code-guessing limit', () => {
  it('is told to wait on the code step, even with a valid code', async () => {
    const code = await createLoginCode()
    codes.push(code)
    await fromLimitedNetwork()
    await openStudentPortal(page)
    await submitCode(page, code)
    await waitForText(page, tooManyAttempts)
  })

  it('is told to wait on the results page, even for a code with a result', async () => {
    const code = await createLoginCode()
    codes.push(code)
    await submitExam(code, 'Limited Student', { '1': 'A' })
    await fromLimitedNetwork()
    await page.goto(`${appUrl}/solutions`)
    await page.getByLabel('Login code').fill(code)
    await page.getByRole('button', { name: 'View My Results' }).click()
    await waitForText(page, tooManyAttempts)
  })
})
