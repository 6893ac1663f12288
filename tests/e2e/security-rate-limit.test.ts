import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import {
  answerAll,
  appUrl,
  dataOf,
  openStudentPortal,
  randomCode,
  service,
  signInAsAdmin,
  startExam,
  studentExamFixture,
  submissionsFor,
  submitCode,
  submitExam,
  submitTest,
  waitForText,
} from './fixtures.ts'

/**
 * A network that made too many wrong guesses of login codes (migration
 * 20261121000500_limit_code_guessing.sql) is told so, in words, on the student portal and the
 * results page, even for a code that exists; yet an exam started there before is still received.
 * One browser that made too many is told so alone: the browser beside it starts (migration
 * 20261127000500_limit_code_guessing_per_client.sql).
 */

const exam = studentExamFixture()

/** The browser's address as the local stack reads it from X-Forwarded-For (documentation range, used by no one). */
const address = '198.51.100.77'
/** A network limited only once its student has started (and one whose single browser is limited). */
const limitedLater = '198.51.100.78'
const sharedNetwork = '198.51.100.79'
/** A network the Proctor Room clears. */
const clearedNetwork = '198.51.100.80'
/** Wrong codes one browser may try in 10 minutes. */
const browserLimit = 50
const tooManyAttempts = 'Too many wrong login codes from this browser or network. Please wait a few minutes and try again.'

beforeAll(async () => {
  const minute = new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString()
  // Far over the limit, whatever its exact number.
  dataOf(await service.from('code_guess_failures').insert({ client_address: address, minute, failures: 1_000_000 }).select())
})

afterAll(async () => {
  dataOf(
    await service
      .from('code_guess_failures')
      .delete()
      .in('client_address', [address, limitedLater, sharedNetwork, clearedNetwork])
      .select(),
  )
})

async function limitNetwork(limited: string): Promise<void> {
  const minute = new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString()
  dataOf(await service.from('code_guess_failures').insert({ client_address: limited, minute, failures: 1_000_000 }).select())
}

/** Wrong codes tried by the browser whose id is `clientId`, at `network`, as the app would send them. */
async function guessWrongAs(clientId: string, network: string, times: number): Promise<void> {
  for (let n = 0; n < times; n++) {
    const res = await fetch(`${appUrl}/rest/v1/rpc/check_login_code`, {
      method: 'POST',
      headers: {
        apikey: inject('appAnonKey'),
        'Content-Type': 'application/json',
        'X-Forwarded-For': network,
        'x-holdfast-client': clientId,
      },
      body: JSON.stringify({ code: randomCode() }),
    })
    expect(await res.json()).toEqual({ outcome: 'invalid' })
  }
}

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

  it('still receives the exam of a student who started before the network was limited', async () => {
    const code = await exam.newCode()
    await exam.context.setExtraHTTPHeaders({ 'X-Forwarded-For': limitedLater })
    await startExam(exam.page, code, 'Started Before')
    await limitNetwork(limitedLater)
    await answerAll(
      exam.page,
      exam.questions.map(() => 'A'),
    )
    await submitTest(exam.page)
    await exam.page.getByRole('heading', { level: 1, name: 'Test Completed!' }).waitFor()
    await waitForText(exam.page, 'Your answers have been received.')
    expect(await submissionsFor(code)).toHaveLength(1)
  })
})

describe('one browser over its own limit', () => {
  it('is told to wait, while another browser on the same network starts', async () => {
    const code = await exam.newCode()
    await exam.context.setExtraHTTPHeaders({ 'X-Forwarded-For': sharedNetwork })
    await openStudentPortal(exam.page)
    const clientId = await exam.page.evaluate(() => localStorage.getItem('holdfast-client-id'))
    expect(clientId).toMatch(/^[0-9a-f]{32}$/)
    await guessWrongAs(clientId!, sharedNetwork, browserLimit)
    await submitCode(exam.page, code)
    await waitForText(exam.page, tooManyAttempts)

    const classmate = await exam.context.browser()!.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': sharedNetwork } })
    try {
      const page = await classmate.newPage()
      await openStudentPortal(page)
      await submitCode(page, code)
      await page.getByLabel('Full Name').waitFor()
    } finally {
      await classmate.close()
    }
  })
})

describe('the Proctor Room', () => {
  it('shows a limited network and clears it, once confirmed, so that its students can start', async () => {
    await limitNetwork(clearedNetwork)
    await signInAsAdmin(exam.page)
    await exam.page.goto(`${appUrl}/admin/live`)
    const panel = exam.page.getByRole('region', { name: 'Wrong login codes' })
    await panel
      .getByText(`Too many wrong login codes from ${clearedNetwork}: new students there cannot start until it clears at`)
      .waitFor()
    await panel.getByRole('button', { name: `Clear the limit on ${clearedNetwork}` }).click()
    const dialog = exam.page.getByRole('dialog', { name: 'Clear the limit' })
    await dialog.getByRole('button', { name: 'Clear the limit' }).click()
    await waitForText(exam.page, `Cleared the limit on ${clearedNetwork}: students there can start again.`)
    // The other networks of this file stay listed.
    await panel.getByRole('button', { name: `Clear the limit on ${clearedNetwork}` }).waitFor({ state: 'detached' })

    const code = await exam.newCode()
    const student = await exam.context.browser()!.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': clearedNetwork } })
    try {
      const page = await student.newPage()
      await openStudentPortal(page)
      await submitCode(page, code)
      await page.getByLabel('Full Name').waitFor()
    } finally {
      await student.close()
    }
  })
})
