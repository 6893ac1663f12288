// The rows of a school's exam week that the several-exams tests make for themselves (issue 25):
// exams with their questions, sittings and codes, written with the service role. Each file deletes
// its exams afterwards, so every other file still sees a one-exam school.
import type { Tables, TablesInsert } from '../../src/lib/api/database.types.ts'
import { serviceClient } from './clients.ts'
import { hour, isoFromNow, minute, must, randomCode, succeeded } from './exam-data.ts'

export type Exam = Tables<'exams'>

const service = serviceClient()

/** Questions 1 to `count` of `exam`, each text naming its exam, every key `key`. */
export async function addQuestions(exam: Exam, count: number, key: string): Promise<void> {
  const rows = Array.from({ length: count }, (_, i) => ({
    exam_id: exam.id,
    question_number: i + 1,
    question_text: `${exam.name}: question ${i + 1}`,
    option_a: `${exam.name} a`,
    option_b: `${exam.name} b`,
    option_c: `${exam.name} c`,
    option_d: `${exam.name} d`,
    correct_answer: key,
  }))
  succeeded(await service.from('questions').insert(rows))
}

/** An active sitting of `exam`, open from half an hour ago for two hours unless `fields` say otherwise. */
export async function addSitting(
  exam: Exam,
  fields: Partial<TablesInsert<'exam_schedule'>> = {},
): Promise<Tables<'exam_schedule'>> {
  return must(
    await service
      .from('exam_schedule')
      .insert({
        exam_id: exam.id,
        exam_name: `${exam.name}, hall`,
        start_time: isoFromNow(-30 * minute),
        end_time: isoFromNow(2 * hour),
        is_active: true,
        ...fields,
      })
      .select()
      .single(),
  )
}

/** A new login code of `exam`. */
export async function codeOf(exam: Exam, fields: Partial<TablesInsert<'login_codes'>> = {}): Promise<string> {
  return must(
    await service
      .from('login_codes')
      .insert({ code: randomCode(), exam_id: exam.id, ...fields })
      .select()
      .single(),
  ).code
}
