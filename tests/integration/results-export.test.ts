import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminClient, nonAdminClient, serviceClient } from './clients.ts'
import { must, randomCode, submissionRow } from './exam-data.ts'

/**
 * Issue 15, Export CSV's column per question: admin_day_answers reads the answers of
 * admin_day_results' rows, same day, same search, same order, and nothing for anyone but an
 * administrator.
 */

const service = serviceClient()
const timeZone = 'UTC'
const day = '2024-03-03'
const tag = `Answers ${randomCode()}`
const seeded = [
  { score: 10, answers: { '1': 'A' } },
  { score: 30, answers: { '1': 'B', '2': 'C' } },
  { score: 20, answers: {} },
].map(({ score, answers }, i) =>
  submissionRow(randomCode(), {
    student_name: `${tag} ${i}`,
    score,
    answers,
    started_at: `${day}T09:00:00Z`,
    submitted_at: `${day}T10:0${i}:00Z`,
  }),
)

beforeAll(async () => {
  must(await service.from('submissions').insert(seeded).select('id'))
})

afterAll(async () => {
  must(await service.from('submissions').delete().like('student_name', `${tag} %`).select('id'))
})

describe('admin_day_answers', () => {
  it("answers each of the day's rows for the search in the ranking's order, a page at a time", async () => {
    const admin = await adminClient()
    const args = { time_zone: timeZone, day, search: tag }
    const ranked = must(await admin.rpc('admin_day_results', args)).map((row) => row.id)
    expect(ranked).toEqual([seeded[1]?.id, seeded[2]?.id, seeded[0]?.id])
    const answers = must(await admin.rpc('admin_day_answers', args))
    expect(answers).toEqual([seeded[1], seeded[2], seeded[0]].map((row) => ({ id: row?.id, answers: row?.answers })))
    const second = must(await admin.rpc('admin_day_answers', args, { count: 'exact' }).range(1, 1))
    expect(second).toEqual([{ id: seeded[2]?.id, answers: {} }])
  })

  it('answers nothing to a signed-in user who is not an administrator', async () => {
    const nonAdmin = await nonAdminClient()
    expect(must(await nonAdmin.rpc('admin_day_answers', { time_zone: timeZone, day, search: tag }))).toEqual([])
  })
})
