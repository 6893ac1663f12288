import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import {
  answerKey,
  appUrl,
  backdateSubmission,
  createLoginCode,
  day,
  deleteLoginCodes,
  pagePerFile,
  startAndSubmitExam,
  submissionsFor,
  waitForText,
  withNoActiveSchedule,
  withSolutionsReleased,
  wrongAnswer,
} from './fixtures.ts'

const madeCodes: string[] = []
let page: Page
pagePerFile((opened) => {
  page = opened.page
})

afterAll(async () => {
  if (madeCodes.length > 0) await deleteLoginCodes(madeCodes)
})

async function newCode(createdAt?: string): Promise<string> {
  const code = await createLoginCode(createdAt)
  madeCodes.push(code)
  return code
}

/**
 * A code submitted with `right` questions right, then `wrong` wrong, the rest of the 50-question
 * exam unanswered. By default 30 right and 10 wrong of 50: 60 %.
 */
async function submittedCode(studentName: string, right = 30, wrong = 10): Promise<string> {
  const code = await newCode()
  const key = await answerKey()
  const answers: Record<string, string> = {}
  for (let n = 1; n <= right + wrong; n++) answers[String(n)] = n <= right ? key.get(n)! : wrongAnswer(key.get(n))
  await startAndSubmitExam(code, studentName, answers)
  return code
}

/** Types a code as a student might (lower case, stray spaces) and presses Enter. */
async function lookUp(code: string): Promise<void> {
  await page.goto(`${appUrl}/solutions`)
  const input = page.getByLabel('Login code')
  await input.fill(`  ${code.toLowerCase()} `)
  await input.press('Enter')
}

async function refusal(): Promise<string> {
  const alert = page.getByRole('alert')
  await alert.waitFor()
  return (await alert.textContent()) ?? ''
}

function fact(label: string) {
  return page
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd')
}

describe('looking up a result on /solutions', () => {
  it('holds the solutions of a fresh submission while the exam is open for others, with the summary', async () => {
    const code = await submittedCode('Edsger Dijkstra')

    await lookUp(code)

    const notice = page.getByText(/^Detailed solutions will be available after the exam closes at .+\.$/)
    await notice.waitFor()
    await expect.poll(() => fact('Score').textContent()).toBe('30 / 50')
    await expect.poll(() => page.getByRole('region', { name: 'Detailed Solutions' }).count()).toBe(0)
  })

  it('holds the solutions with no time given while no schedule is active and a code may still start', async () => {
    const code = await submittedCode('Ada Lovelace')
    await newCode()

    await withNoActiveSchedule(async () => {
      await lookUp(code)

      await waitForText(page, 'Detailed solutions will be available once every student has finished the exam.')
      await expect.poll(() => fact('Score').textContent()).toBe('30 / 50')
      await expect.poll(() => page.getByRole('region', { name: 'Detailed Solutions' }).count()).toBe(0)
    })
  })

  it('shows a submission with its per-question solutions once the exam is over for everyone', async () => {
    const code = await submittedCode('Grace Hopper')
    await withSolutionsReleased(code, async () => {
      await lookUp(code)

      await page.getByRole('heading', { name: 'Your Results' }).waitFor()
      await expect.poll(() => fact('Student Name').textContent()).toBe('Grace Hopper')
      await expect.poll(() => fact('Login Code').textContent()).toBe(code)
      await expect.poll(() => fact('Score').textContent()).toBe('30 / 50')
      await expect.poll(() => fact('Percentage').textContent()).toBe('60%')
      await expect.poll(() => fact('Correct Answers').textContent()).toBe('30')
      // The wrong and the unanswered: out of the exam's 50 questions.
      await expect.poll(() => fact('Incorrect Answers').textContent()).toBe('20')
      await expect.poll(() => fact('Tab Switches').textContent()).toBe('2')
      await expect.poll(() => fact('Time Taken').textContent()).toBe('12:34')
      await expect.poll(() => page.getByText('You Passed', { exact: true }).isVisible()).toBe(true)

      const solutions = page.getByRole('region', { name: 'Detailed Solutions' })
      const question = (n: number) =>
        solutions.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Question ${n}`, exact: true }) })
      await expect.poll(() => question(1).locator('.question-solution__verdict').textContent()).toBe('Correct')
      await expect.poll(() => question(31).locator('.question-solution__verdict').textContent()).toBe('Incorrect')
      await expect.poll(() => question(45).locator('.question-solution__verdict').textContent()).toBe('Not answered')
      const key = await answerKey()
      await expect
        .poll(() => question(31).getByRole('listitem').filter({ hasText: 'Correct answer' }).textContent())
        // Under the letter the exam showed it, with its letter in the key beside it.
        .toMatch(new RegExp(`^[A-D]\\. .* \\(option ${key.get(31)}\\)Correct answer$`))
      await expect
        .poll(() => question(31).getByRole('listitem').filter({ hasText: 'Your answer' }).textContent())
        .not.toContain('Correct answer')
    })
  })

  it('replaces the solutions by a notice a day after the submission', async () => {
    const code = await submittedCode('Alan Turing')
    await backdateSubmission(code, 2 * day)

    await lookUp(code)

    await page.getByText(/Detailed solutions are no longer available/).waitFor()
    await expect.poll(() => fact('Percentage').textContent()).toBe('60%')
    await expect.poll(() => page.getByRole('region', { name: 'Detailed Solutions' }).count()).toBe(0)
  })

  it('scores out of the 50 questions of the exam, not the answers given, as the admin does (issue 16)', async () => {
    // Time ran out with 20 right of 25 answered: 40 %, not 80 % "Excellent Work".
    const code = await submittedCode('Barbara Liskov', 20, 5)

    await lookUp(code)

    await page.getByRole('heading', { name: 'Your Results' }).waitFor()
    await expect.poll(() => fact('Score').textContent()).toBe('20 / 50')
    await expect.poll(() => fact('Percentage').textContent()).toBe('40%')
    await expect.poll(() => page.getByText('Keep Learning', { exact: true }).isVisible()).toBe(true)
    const [stored] = await submissionsFor(code)
    expect(stored).toMatchObject({ score: 20, question_count: 50 })
  })

  it('asks for a code when none is typed', async () => {
    await page.goto(`${appUrl}/solutions`)
    await page.getByRole('button', { name: 'View My Results' }).click()

    await expect.poll(() => refusal()).toBe('Please enter your login code')
  })

  it('refuses an invalid code', async () => {
    await lookUp('ZZZZZZZZ')
    await expect.poll(() => refusal()).toBe('Invalid login code. Please check and try again.')
  })

  it('refuses a code that has not been used for an exam', async () => {
    await lookUp(await newCode())
    await expect
      .poll(() => refusal())
      .toBe('This login code has not been used for any exam yet. Please take the exam first before viewing results.')
  })

  it('refuses a code created more than 7 days ago', async () => {
    await lookUp(await newCode(new Date(Date.now() - 8 * day).toISOString()))
    await expect.poll(() => refusal()).toMatch(/^This login code has expired\. Login codes are valid for 7 days only\./)
  })

  it('refuses a result submitted more than 30 days ago', async () => {
    const code = await submittedCode('Edsger Dijkstra')
    await backdateSubmission(code, 31 * day)

    await lookUp(code)

    await expect
      .poll(() => refusal())
      .toMatch(/^This exam result has expired\. Results are available for 30 days after submission\./)
  })

  it('goes back to the form with Search Another Code', async () => {
    await lookUp(await submittedCode('Barbara Liskov'))

    await page.getByRole('button', { name: 'Search Another Code' }).click()

    await expect.poll(() => page.getByLabel('Login code').inputValue()).toBe('')
    await page.getByRole('link', { name: 'Return to Home' }).waitFor({ state: 'detached' })
  })
})
