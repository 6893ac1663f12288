import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createExam, duplicateExam, renameExam } from './admin-exams'

/** What the server answers the next write, as tests/integration/admin-exams.test.ts shows it answers. */
const server = vi.hoisted(() => ({ error: null as null | { code: string; message: string } }))
const reply = async () => ({ data: null, error: server.error })

vi.mock('../api/supabase', () => ({
  getSupabase: () => ({
    from: () => ({ insert: reply, update: () => ({ eq: reply }) }),
    rpc: reply,
  }),
}))

beforeEach(() => {
  server.error = null
})

describe('writing an exam', () => {
  it('names the clash when another exam in use has the name, whichever way the server says it', async () => {
    server.error = { code: '23505', message: 'duplicate key value violates unique constraint "exams_name_in_use_key"' }
    const taken = { ok: false, error: 'An exam in use is already named "Physics".' }
    const fields = { name: 'Physics', default_duration_minutes: 30, shuffle_questions: true, shuffle_options: true }
    expect(await createExam(fields)).toEqual(taken)
    expect(await renameExam('exam-2', 'Physics')).toEqual(taken)
    server.error = { code: '22023', message: 'an exam in use already has this name' }
    expect(await duplicateExam('exam-1', 'Physics')).toEqual(taken)
  })

  it('shows its own words for any other refusal, never the server’s text', async () => {
    server.error = { code: '23514', message: 'new row for relation "exams" violates check constraint "exams_name_check"' }
    expect(await renameExam('exam-2', 'x')).toEqual({ ok: false, error: 'Failed to rename exam' })
    server.error = { code: '22023', message: 'no such exam' }
    expect(await duplicateExam('gone', 'Physics 2027')).toEqual({ ok: false, error: 'Failed to duplicate exam' })
  })
})
