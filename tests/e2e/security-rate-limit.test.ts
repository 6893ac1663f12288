import { afterAll, beforeAll, describe, it } from 'vitest'
import {
  appUrl,
  dataOf,
  openStudentPortal,
  service,
  studentExamFixture,
  submitCode,
  submitExam,
  waitForText,
} from './fixtures.ts'

/**
 * A network that made too many wrong guesses of login codes (migration
 * 20261121000500_limit_code_guessing.sql) is told so, in words, on the student portal and the
 * results page, even for a code that exists.
 */

const exam = studentExamFixture()

/** The browser's address as the local stack reads it from X-Forwarded-For (documentation range, used by no one). */
const address = '198.51.100.77'
const tooManyAttempts = 'Too many attempts from this network. Please wait a few minutes and try again.'

beforeAll(async () => {
  const minute = new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString()
  // Far over the limit, whatever its exact number.
  dataOf(await service.from('code_guess_failures').insert({ client_address: address, minute, failures: 1_000_000 }).select())
})

afterAll(async () => {
  dataOf(await service.from('code_guess_failures').delete().eq('client_address', address).select())
})

async function fromLimitedNetwork(): Promise<void> {
  await exam.context.setExtraHTTPHeaders({ 'X-Forwarded-For': address })
}

describe('a network over the code-guessing limit', () => {
  it('is told to wait on the code step, even with a valid code', async () => {
    const code = await exam.newCode()
    await fromLimitedNetwork()
    await openStudentPortal(exam.page)
    await submitCode(exam.page, code)
    await waitForText(exam.page, tooManyAttempts)
  })

  it('is told to wait on the results page, even for a code with a result', async () => {
    const code = await exam.newCode()
    await submitExam(code, 'Limited Student', { '1': 'A' })
    await fromLimitedNetwork()
    await exam.page.goto(`${appUrl}/solutions`)
    await exam.page.getByLabel('Login code').fill(code)
    await exam.page.getByRole('button', { name: 'View My Results' }).click()
    await waitForText(exam.page, tooManyAttempts)
  })
})
