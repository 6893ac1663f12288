import { randomUUID } from 'node:crypto'
import { AxeBuilder } from '@axe-core/playwright'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  appUrl,
  createLoginCode,
  currentQuestionNumber,
  deleteLoginCodes,
  keepSharedData,
  offerResumePin,
  openStudentPortal,
  option,
  pagePerTest,
  replaceQuestionBank,
  resumeWithPin,
  service,
  signInAsAdmin,
  startAndSubmitExam,
  startExam,
  startExamOf,
  submissionsFor,
  submitCode,
  submitExam,
  waitForText,
  withSolutionsReleased,
} from './fixtures.ts'

/**
 * Every screen, checked by axe-core in Chromium with no serious or critical
 * violation, and the whole exam taken with the keyboard alone.
 */

keepSharedData()
let page: Page
pagePerTest((opened) => {
  page = opened.page
})

/** A short exam, so that the keyboard run goes through all of it. */
const bank = [
  { question_number: 1, question_text: 'Which planet is known as the Red Planet?', correct_answer: 'A' },
  { question_number: 2, question_text: 'How many sides does a hexagon have?', correct_answer: 'C' },
  { question_number: 3, question_text: 'What is the boiling point of water at sea level?', correct_answer: 'D' },
  { question_number: 4, question_text: 'Which gas do plants absorb?', correct_answer: 'B' },
].map((q) => ({ ...q, option_a: 'First option', option_b: 'Second option', option_c: 'Third option', option_d: 'Fourth option' }))

const codes: string[] = []
async function newCode(): Promise<string> {
  const code = await createLoginCode()
  codes.push(code)
  return code
}

beforeAll(async () => {
  await replaceQuestionBank(bank)
})

afterAll(async () => {
  await deleteLoginCodes(codes)
})

async function expectAccessible(screen: string, on: Page = page): Promise<void> {
  const { violations } = await new AxeBuilder({ page: on }).options({ resultTypes: ['violations'] }).analyze()
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      where: violation.nodes.map((node) => node.target.join(' ')),
    }))
  expect(serious, screen).toEqual([])
}

async function open(path: string, heading: string): Promise<void> {
  await page.goto(`${appUrl}${path}`)
  await page.getByRole('heading', { level: 1, name: heading }).waitFor()
}

describe('axe finds no serious or critical violation', () => {
  it('on the home page, the four policies and the results lookup', async () => {
    for (const [path, heading] of [
      ['/', 'Welcome to Holdfast'],
      ['/privacy', 'Privacy Policy'],
      ['/terms', 'Terms of Service'],
      ['/cookies', 'Cookie Policy'],
      ['/accessibility', 'Accessibility'],
    ] as const) {
      await open(path, heading)
      await expectAccessible(path)
    }

    const code = await newCode()
    await startAndSubmitExam(code, 'Ada Lovelace', { '1': 'A', '2': 'B', '3': 'D', '4': 'B' })
    await withSolutionsReleased(code, async () => {
      await open('/solutions', 'View Results')
      await page.getByLabel('Login code').fill(code)
      await page.getByRole('button', { name: 'View My Results' }).click()
      await page.getByText('Ada Lovelace').first().waitFor()
      await page.getByText(bank[0]?.question_text as string).waitFor()
      await expectAccessible('results with solutions')
    })
  })

  it('on the resume PIN step with its refusal, the exam resumed with its notice, and the moved screen', async () => {
    const code = await newCode()
    await startExam(page, code, 'Moved Student')
    const second = await page.context().browser()!.newContext()
    try {
      const newDevice = await second.newPage()
      await openStudentPortal(newDevice)
      await submitCode(newDevice, code)
      await newDevice.getByLabel('Resume PIN').fill('000000')
      await newDevice.getByRole('button', { name: 'Resume on this device' }).click()
      await newDevice.getByRole('alert').getByText('That resume PIN is not valid. Ask your proctor for a new one.').waitFor()
      await expectAccessible('resume PIN step', newDevice)
      await resumeWithPin(newDevice, await offerResumePin(code))
      await expectAccessible('exam resumed on a new device', newDevice)
      await page.evaluate(() => window.dispatchEvent(new Event('blur')))
      await page.getByText('This exam continues on another device.').waitFor()
      await expectAccessible('exam moved to another device')
    } finally {
      await second.close()
    }
  })

  it('on the student steps with their messages, the exam with its tab-switch warning, and the completion screen', async () => {
    await openStudentPortal(page)
    await page.getByText(/^Exam is active until /).waitFor()
    await submitCode(page, 'NOSUCH00')
    await waitForText(page, 'Invalid login code. Please check and try again.')
    await expectAccessible('code step')

    const code = await newCode()
    await submitCode(page, code)
    await page.getByLabel('Full Name').waitFor()
    await page.getByRole('button', { name: 'Start Test' }).click()
    await waitForText(page, 'Please enter your full name')
    await expectAccessible('name step')

    await page.getByLabel('Full Name').fill('E2E Student')
    await page.getByRole('button', { name: 'Start Test' }).click()
    await page.getByRole('heading', { name: /^Question 1 of \d+$/ }).waitFor()
    await page.getByText('Answers saved on this device', { exact: true }).waitFor()
    await page.evaluate(() => window.dispatchEvent(new Event('blur')))
    await page.getByRole('alert').filter({ hasText: 'you left the exam page' }).waitFor()
    await expectAccessible('exam')

    for (let index = 0; index < bank.length; index++) {
      const shown = await currentQuestionNumber(page)
      await option(page, bank.find((question) => question.question_number === shown)!.correct_answer).check()
      if (index < bank.length - 1) await page.getByRole('button', { name: 'Next' }).click()
    }
    // A flag and the summary before submitting, its states in words (issue 26).
    await page.getByRole('button', { name: 'Review later' }).click()
    await page.getByRole('button', { name: /^Question \d+: answered, flagged for review/ }).waitFor()
    await page.getByRole('button', { name: 'Submit Test' }).click()
    const summary = page.getByRole('dialog', { name: 'Review before submitting' })
    await summary.waitFor()
    await expectAccessible('summary before submitting')
    await summary.getByRole('button', { name: 'Submit now' }).click()
    await page.getByRole('heading', { level: 1, name: 'Test Completed!' }).waitFor()
    await expectAccessible('completion')
  })

  it('on the test-unavailable screen, whose ways out work from the keyboard', async () => {
    const unavailable = page.getByRole('heading', { level: 1, name: 'Test Unavailable' })
    const reachUnavailable = async () => {
      await submitCode(page, await newCode())
      await page.getByLabel('Full Name').fill('Grace Hopper')
      await page.getByRole('button', { name: 'Start Test' }).click()
      await unavailable.waitFor()
    }
    await replaceQuestionBank([])
    try {
      await openStudentPortal(page)
      await reachUnavailable()
      await expectAccessible('test unavailable')

      // The next student at this computer: the stored session is gone, a later visit starts at the code step.
      await page.getByRole('button', { name: 'Use a different code' }).focus()
      await page.keyboard.press('Enter')
      await page.getByLabel('Login Code').waitFor()
      await expect.poll(() => page.getByLabel('Login Code').inputValue()).toBe('')
      await openStudentPortal(page)
      await page.getByLabel('Login Code').waitFor()

      await reachUnavailable()
      await replaceQuestionBank(bank)
      await page.getByRole('button', { name: 'Try Again' }).focus()
      await page.keyboard.press('Enter')
      await page.getByRole('heading', { name: /^Question 1 of \d+$/ }).waitFor()
    } finally {
      await replaceQuestionBank(bank)
    }
  })

  it('on the admin login, the dashboard and the questions with the import and delete-all dialogs open', async () => {
    await open('/admin', 'Admin Login')
    await page.getByRole('button', { name: 'Sign In' }).click()
    await waitForText(page, 'Please fill in all fields')
    await expectAccessible('admin login')
    await signInAsAdmin(page)
    await expectAccessible('dashboard')

    await open('/admin/questions', 'Question Manager')
    await page.getByRole('heading', { level: 3, name: 'Q1' }).waitFor()
    await expectAccessible('questions')
    await page.getByRole('button', { name: 'Import CSV' }).click()
    await page.getByRole('dialog', { name: 'Import Questions from CSV' }).waitFor()
    await expectAccessible('import dialog')
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Delete All' }).click()
    await page.getByRole('dialog').waitFor()
    await expectAccessible('delete-all dialog')
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })
  })

  it('on the login codes with the extra-time dialog open, results, schedules and the proctor room', async () => {
    await signInAsAdmin(page)
    await open('/admin/codes', 'Login Code Manager')
    await page.getByRole('list', { name: 'Available codes' }).waitFor()
    await expectAccessible('login codes')
    await page
      .getByRole('button', { name: /^Extra time for / })
      .first()
      .click()
    await page.getByRole('dialog', { name: /^Extra time for / }).waitFor()
    await expectAccessible('extra-time dialog')
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })

    const code = await newCode()
    await submitExam(code, 'Katherine Johnson', { '1': 'A', '2': 'C', '3': 'A', '4': 'B' })
    await open('/admin/results', 'Test Results')
    await page.getByRole('heading', { name: 'Daily Analysis' }).waitFor()
    await page.getByText('Katherine Johnson').first().waitFor()
    await expectAccessible('results')
    await page.getByRole('row').filter({ hasText: 'Katherine Johnson' }).first().getByText('Details').click()
    await page.getByRole('button', { name: 'Void… the submission of Katherine Johnson' }).first().click()
    await page.getByRole('dialog', { name: 'Void the submission of Katherine Johnson' }).waitFor()
    await expectAccessible('void dialog')
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })

    await open('/admin/activity', 'Activity')
    await page.getByRole('region', { name: 'Activity' }).waitFor()
    await expectAccessible('activity')

    await open('/admin/items', 'Item Analysis')
    await page.getByRole('list', { name: 'Exam statistics' }).waitFor()
    await expectAccessible('item analysis')

    await open('/admin/schedule', 'Exam Schedule')
    await page.getByRole('list', { name: 'Exam schedules' }).waitFor()
    await expectAccessible('exam schedules')

    // A student still writing: their row has "Move to a new device". Named after the code: the
    // room lists every attempt of the last 24 hours, other files' too.
    const writing = await newCode()
    await startExamOf(writing, randomUUID(), `Writer ${writing}`)
    await open('/admin/live', 'Proctor Room')
    await page.getByRole('region', { name: 'Exam attempts' }).waitFor()
    await page
      .getByLabel('Answer files (.json)')
      .setInputFiles([{ name: 'not-an-answer-file.json', mimeType: 'application/json', buffer: Buffer.from('{}') }])
    await page.getByRole('list', { name: 'Uploaded answer files' }).waitFor()
    await expectAccessible('proctor room')
    await page.getByRole('button', { name: 'Add time for everyone' }).click()
    await page.getByRole('dialog', { name: 'Add time for everyone' }).waitFor()
    await expectAccessible('add-time dialog')
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await page.getByRole('button', { name: `Move Writer ${writing} to a new device` }).click()
    await page
      .getByRole('dialog', { name: `Move Writer ${writing} to a new device` })
      .getByLabel('Resume PIN')
      .waitFor()
    await expectAccessible('move dialog')
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })
  })

  it('on the exam list with the new-exam dialog open', async () => {
    await signInAsAdmin(page)
    await open('/admin/exams', 'Exams')
    await page.getByRole('table').waitFor()
    await expectAccessible('exam list')
    await page.getByRole('button', { name: 'New Exam' }).click()
    await page.getByRole('dialog', { name: 'New Exam' }).waitFor()
    await expectAccessible('new-exam dialog')
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })
  })
})

/**
 * Presses `key` (Tab or Shift+Tab) until one of `targets` has the focus (none if it already
 * has), and checks that the focus shows.
 */
async function tabTo(targets: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  const focused = () => targets.evaluateAll((elements) => elements.some((element) => element === document.activeElement))
  for (let presses = 0; !(await focused()); presses++) {
    if (presses === 60) throw new Error(`${String(targets)} never got the focus`)
    await page.keyboard.press(key)
  }
  await expect
    .poll(() => page.evaluate(() => document.activeElement && getComputedStyle(document.activeElement).outlineStyle))
    .not.toBe('none')
}

const shownOptions = () => page.locator('.exam__options input[type="radio"]')
/** The position shown (0 for the first) of the focused answer option. */
const focusedOption = () => shownOptions().evaluateAll((radios) => radios.indexOf(document.activeElement as HTMLElement))
/** The position shown of the option recorded as `letter`: the schedule may shuffle the options. */
const shownPosition = (letter: string) =>
  shownOptions().evaluateAll(
    (radios, recorded) => radios.findIndex((radio) => (radio as HTMLInputElement).value === recorded),
    letter,
  )

describe('the keyboard alone', () => {
  it('takes the whole exam: code, name, every answer with arrows or Space, Next and Submit with Enter', async () => {
    const code = await newCode()
    await openStudentPortal(page)
    await page.getByText(/^Exam is active until /).waitFor()

    await tabTo(page.getByLabel('Login Code'))
    await page.keyboard.type(code)
    await page.keyboard.press('Enter')
    const name = page.getByLabel('Full Name')
    await name.waitFor()
    await tabTo(name)
    await page.keyboard.type('Keyboard Student')
    await page.keyboard.press('Enter')

    // By question number, wherever the shuffle shows each question.
    const chosen = new Map([
      [1, 'A'],
      [2, 'C'],
      [3, 'D'],
      [4, 'A'],
    ])
    for (let index = 0; index < chosen.size; index++) {
      await page.getByRole('heading', { name: `Question ${index + 1} of ${bank.length}` }).waitFor()
      const letter = chosen.get(await currentQuestionNumber(page))!
      // After Next the focus is still on Next, after the options: back to them with Shift+Tab.
      const onNext = (await page.evaluate(() => document.activeElement?.textContent)) === 'Next'
      await tabTo(page.getByRole('radio'), onNext ? 'Shift+Tab' : 'Tab')
      // ArrowDown moves to the next option and chooses it (round to the first); Space chooses the focused one.
      const steps = ((await shownPosition(letter)) - (await focusedOption()) + 4) % 4
      if (steps === 0) await page.keyboard.press('Space')
      for (let step = 0; step < steps; step++) await page.keyboard.press('ArrowDown')
      await expect.poll(() => option(page, letter).isChecked()).toBe(true)
      await tabTo(page.getByRole('button', { name: index === chosen.size - 1 ? 'Submit Test' : 'Next' }))
      await page.keyboard.press('Enter')
    }
    // Submit Test opens the summary, its heading focused; "Submit now" is reached and pressed from the keyboard too.
    await page.getByRole('dialog', { name: 'Review before submitting' }).waitFor()
    await tabTo(page.getByRole('button', { name: 'Submit now' }))
    await page.keyboard.press('Enter')

    await page.getByRole('heading', { level: 1, name: 'Test Completed!' }).waitFor()
    await expect.poll(async () => (await submissionsFor(code)).length).toBe(1)
    const [stored] = await submissionsFor(code)
    expect(stored).toMatchObject({
      student_name: 'Keyboard Student',
      answers: { '1': 'A', '2': 'C', '3': 'D', '4': 'A' },
      score: 3,
    })
    expect(await service.from('login_codes').select('is_used').eq('code', code)).toMatchObject({ data: [{ is_used: true }] })
  })
})
