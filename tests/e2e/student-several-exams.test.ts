import { randomUUID } from 'node:crypto'
import type { Browser, Page } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import {
  alphaToDeltaBank,
  answerAll,
  appUrl,
  backdateSubmission,
  dataOf,
  examsPerFile,
  fromNow,
  minute,
  openStudentPortal,
  pagePerFile,
  service,
  startAndSubmitExam,
  startExamOf,
  studentsPerTest,
  submitCode,
  submitTest,
  waitForText,
} from './fixtures.ts'

/**
 * Several exams at once (issue 25), as students meet them: two exams with overlapping sittings, each
 * with its own questions and codes; students of both write at the same time in browsers of their own,
 * each seeing their own exam's name and questions; a code of one exam is refused while only the
 * other's sitting is open. The exams are this file's own, deleted with everything of theirs after it,
 * so every other file still sees a one-exam school.
 */

let browser: Browser | undefined
pagePerFile((opened) => (browser = opened.browser))
const newStudent = studentsPerTest(() => {
  if (!browser) throw new Error('Chromium did not start')
  return browser
})

const newExam = examsPerFile()

/** An exam of three questions, its text naming the exam, with an active sitting open for the next two hours. */
async function createExam(name: string, sittingName: string) {
  const questions = [1, 2, 3].map((n) => `${name} question ${n}?`)
  return { name, questions, ...(await newExam(name, alphaToDeltaBank(questions), { name: sittingName })) }
}
type TestExam = Awaited<ReturnType<typeof createExam>>

let maths: TestExam
let physics: TestExam

beforeAll(async () => {
  const run = randomUUID().slice(0, 8)
  maths = await createExam(`E2E Mathematics ${run}`, 'Morning')
  physics = await createExam(`E2E Physics ${run}`, 'Hall')
})

/** The lines of the login screen's list of exams, as the student reads them. */
async function examLines(page: Page): Promise<string[]> {
  return page.getByRole('region', { name: 'Exam schedule' }).getByRole('listitem').allInnerTexts()
}

/** From the portal to the first question of the code's exam, with its name as the exam's heading. */
async function enterExamOf(page: Page, exam: TestExam, code: string, name: string): Promise<void> {
  await openStudentPortal(page)
  await submitCode(page, code)
  await page.getByLabel('Full Name').waitFor()
  await expect.poll(() => page.getByText('Exam:').innerText()).toBe(`Exam: ${exam.name}`)
  await page.getByLabel('Full Name').fill(name)
  await page.getByRole('button', { name: 'Start Test' }).click()
  await page.getByRole('heading', { name: /^Question 1 of 3$/ }).waitFor()
  await page.getByRole('heading', { level: 1, name: exam.name }).waitFor()
}

it('lets students of two exams write at the same time, each seeing their own exam’s name and questions', async () => {
  const students = [
    { exam: maths, code: await maths.newCode(), name: 'Maths Student', ...(await newStudent()) },
    { exam: physics, code: await physics.newCode(), name: 'Physics Student', ...(await newStudent()) },
  ]

  await openStudentPortal(students[0]!.page)
  await expect
    .poll(async () => (await examLines(students[0]!.page)).join('\n'))
    .toMatch(new RegExp(`${maths.name} · Morning[\\s\\S]*Exam is active until`))
  expect((await examLines(students[0]!.page)).join('\n')).toContain(`${physics.name} · Hall`)

  // Both start before either submits.
  await Promise.all(students.map((student) => enterExamOf(student.page, student.exam, student.code, student.name)))
  for (const student of students) {
    const other = student.exam === maths ? physics : maths
    const shown = await student.page.locator('.exam__question-text').innerText()
    expect(student.exam.questions).toContain(shown)
    expect(other.questions).not.toContain(shown)
  }

  await Promise.all(students.map((student) => answerAll(student.page, ['A', 'A', 'A'])))
  for (const student of students) {
    await submitTest(student.page)
    await student.page.getByRole('heading', { level: 1, name: 'Test Completed!' }).waitFor()
    await student.page.getByText(student.exam.name, { exact: true }).waitFor()
    await waitForText(student.page, 'Score: 3 / 3 (100%)')
  }

  for (const student of students) {
    const [submission] = dataOf(await service.from('submissions').select('exam_id, score').eq('login_code', student.code))
    expect(submission).toEqual({ exam_id: student.exam.id, score: 3 })
    // The results page names the exam too.
    await student.page.goto(`${appUrl}/solutions`)
    await student.page.getByLabel('Login code').fill(student.code)
    await student.page.getByRole('button', { name: 'View My Results' }).click()
    const exam = student.page
      .getByRole('region', { name: 'Your Results' })
      .getByRole('term')
      .filter({ hasText: /^Exam$/ })
    await expect.poll(() => exam.locator('xpath=following-sibling::dd').innerText()).toBe(student.exam.name)
  }
})

it('refuses a code of one exam while only the other exam’s sitting is open', async () => {
  const later = { start_time: fromNow(180 * minute), end_time: fromNow(240 * minute) }
  const was = dataOf(await service.from('exam_schedule').select('start_time, end_time').eq('id', maths.sittingId).single())
  dataOf(await service.from('exam_schedule').update(later).eq('id', maths.sittingId).select('id'))
  try {
    const { page } = await newStudent()
    const code = await maths.newCode()
    await openStudentPortal(page)
    await submitCode(page, code)
    await waitForText(page, 'Exam is not currently available. Please check the schedule.')
    // The screen turns to the code's exam: its length and size, and when its sitting starts.
    const panel = page.getByRole('region', { name: 'Exam schedule' })
    await expect
      .poll(() => panel.innerText())
      .toMatch(new RegExp(`^${maths.name} · Morning\\s+30 minutes, 3 multiple-choice questions\\s+Exam will start on`))
    expect(dataOf(await service.from('exam_attempts').select('id').eq('login_code', code))).toEqual([])
  } finally {
    dataOf(await service.from('exam_schedule').update(was).eq('id', maths.sittingId).select('id'))
  }
})

it('releases one exam’s solutions while the other is still being written, and shows its students nothing of the first', async () => {
  // Physics is still being written by one student; another has submitted.
  await startExamOf(await physics.newCode(), randomUUID(), 'Physics Writer')
  const physicsDone = await physics.newCode()
  await startAndSubmitExam(physicsDone, 'Physics Done', { 1: 'A', 2: 'A', 3: 'A' })
  // Mathematics is over for everyone: its one submission is in, and it and the sitting's end are
  // further back than the 2 minutes of grace.
  const mathsDone = await maths.newCode()
  await startAndSubmitExam(mathsDone, 'Maths Done', { 1: 'A', 2: 'B', 3: 'A' })
  await backdateSubmission(mathsDone, 5 * minute)
  const was = dataOf(await service.from('exam_schedule').select('start_time, end_time').eq('id', maths.sittingId).single())
  const over = { start_time: fromNow(-60 * minute), end_time: fromNow(-3 * minute) }
  dataOf(await service.from('exam_schedule').update(over).eq('id', maths.sittingId).select('id'))
  try {
    const { page } = await newStudent()
    const lookUp = async (code: string) => {
      await page.goto(`${appUrl}/solutions`)
      await page.getByLabel('Login code').fill(code)
      await page.getByRole('button', { name: 'View My Results' }).click()
      await page.getByRole('region', { name: 'Your Results' }).waitFor()
    }

    await lookUp(mathsDone)
    const solutions = page.getByRole('region', { name: 'Detailed Solutions' })
    await expect.poll(() => solutions.innerText()).toContain(maths.questions[1])
    const shown = await solutions.innerText()
    for (const question of maths.questions) expect(shown).toContain(question)
    for (const question of physics.questions) expect(shown).not.toContain(question)

    await lookUp(physicsDone)
    await page.getByText(/^Detailed solutions will be available/).waitFor()
    expect(await solutions.count()).toBe(0)
    const body = await page.locator('main').innerText()
    for (const question of [...maths.questions, ...physics.questions]) expect(body).not.toContain(question)
  } finally {
    dataOf(await service.from('exam_schedule').update(was).eq('id', maths.sittingId).select('id'))
  }
})
