import { afterAll, describe, expect, it } from 'vitest'
import { adminClient, anonClient, serviceClient } from './clients.ts'
import { addQuestions, addSitting, type Exam } from './exam-week.ts'
import { isoFromNow, must, randomCode, succeeded } from './exam-data.ts'

/**
 * Issue 27: the home page and the student portal name each exam's question count
 * (public.exam_sizes): for a visitor, counts only, of the exams a visitor may already name (not
 * archived, with an active sitting), as many as a student would be served now. The exams here are
 * this file's own, deleted afterwards.
 */

const service = serviceClient()
const exams: Exam[] = []

async function newExam(fields: { archived?: boolean } = {}): Promise<Exam> {
  const exam = must(
    await service
      .from('exams')
      .insert({ name: `Sizes ${randomCode()}`, archived_at: fields.archived ? isoFromNow(0) : null })
      .select()
      .single(),
  )
  exams.push(exam)
  return exam
}

afterAll(async () => {
  succeeded(
    await service
      .from('exams')
      .delete()
      .in(
        'id',
        exams.map((e) => e.id),
      ),
  )
})

type Size = { exam_id: string; question_count: number }

describe('exam_sizes', () => {
  it('answers a visitor how many questions each exam with an active sitting serves now, and nothing else', async () => {
    const served = await newExam()
    await addQuestions(served, 12, 'B')
    // Questions a student is never served: numbered above 50, and a descriptive one (no letter to score).
    succeeded(
      await service.from('questions').insert([
        {
          exam_id: served.id,
          question_number: 51,
          question_text: 'Beyond 50',
          option_a: 'a',
          option_b: 'b',
          option_c: 'c',
          option_d: 'd',
          correct_answer: 'A',
        },
      ]),
    )
    succeeded(
      await service
        .from('questions')
        .update({ correct_answer: 'DESCRIPTIVE' })
        .eq('exam_id', served.id)
        .eq('question_number', 12),
    )
    await addSitting(served, { is_active: true, start_time: isoFromNow(24 * 3_600_000), end_time: isoFromNow(26 * 3_600_000) })

    const empty = await newExam()
    await addSitting(empty)
    const archived = await newExam({ archived: true })
    await addQuestions(archived, 3, 'A')
    await addSitting(archived)
    const inactive = await newExam()
    await addQuestions(inactive, 4, 'A')
    await addSitting(inactive, { is_active: false })

    const sizes = must(await anonClient().rpc('exam_sizes')) as Size[]
    const mine = sizes.filter((s) => exams.some((e) => e.id === s.exam_id))
    expect(mine.sort((a, b) => a.question_count - b.question_count)).toEqual([
      { exam_id: empty.id, question_count: 0 },
      { exam_id: served.id, question_count: 11 },
    ])
    for (const size of sizes) expect(Object.keys(size).sort()).toEqual(['exam_id', 'question_count'])

    // Every row is an exam a visitor can already read by name; an administrator gets the same.
    const visible = must(await anonClient().from('exams').select('id'))
    expect(sizes.map((s) => s.exam_id).sort()).toEqual(visible.map((e) => e.id).sort())
    const admin = await adminClient()
    expect((must(await admin.rpc('exam_sizes')) as Size[]).filter((s) => exams.some((e) => e.id === s.exam_id))).toEqual(
      expect.arrayContaining(mine),
    )
  })
})
