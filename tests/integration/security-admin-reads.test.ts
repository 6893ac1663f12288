import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterEach, describe, expect, it } from 'vitest'
import { adminClient, nonAdminClient } from './clients.ts'
import { changesOf, subscribe } from './realtime-subscriptions.ts'
import { createCode, deleteCodes, must, startExam, withQuestions } from './exam-data.ts'

/**
 * What the administrators' readers give a signed-in user who is not an administrator: nothing.
 * These run as the caller under row-level security (or go out over Realtime by it), so a policy
 * loosened on `exam_attempts` or `questions` would show here first (docs/security.md,
 * "Administrators' reads").
 */

const openClients: SupabaseClient[] = []
afterEach(async () => {
  for (const client of openClients.splice(0)) await client.removeAllChannels()
})

describe('the Proctor Room’s readers, for a signed-in non-administrator', () => {
  it('list no attempt and count none, while an administrator counts the attempt', async () => {
    const { code } = await createCode()
    try {
      const attemptId = randomUUID()
      await startExam(code, attemptId)
      const admin = await adminClient()
      const user = await nonAdminClient()

      const adminCounts = must(await admin.rpc('admin_live_attempt_counts')) as Record<string, number>
      expect(adminCounts.writing).toBeGreaterThan(0)
      expect(must(await user.rpc('admin_live_attempts').range(0, 99))).toEqual([])
      expect(must(await user.rpc('admin_live_attempt_counts'))).toEqual({
        offline: 0,
        submitted_on_device: 0,
        on_track: 0,
        received: 0,
        refused: 0,
        moved: 0,
        writing: 0,
        silent_together: 0,
        silent_since: null,
      })
    } finally {
      await deleteCodes([code])
    }
  })
})

describe('changes of the question bank over Realtime', () => {
  it('reach an administrator and never a signed-in non-administrator, key included', async () => {
    const admin = await adminClient()
    const user = await nonAdminClient()
    openClients.push(admin, user)
    const adminView = await subscribe(admin, [{ event: '*', table: 'questions' }])
    const userView = await subscribe(user, [{ event: '*', table: 'questions' }])
    await withQuestions(
      [
        {
          question_text: 'Which planet is largest?',
          option_a: 'Mars',
          option_b: 'Jupiter',
          option_c: 'Venus',
          option_d: 'Mercury',
          correct_answer: 'B',
        },
      ],
      async ([question]) => {
        if (!question) throw new Error('the fixture question was not stored')
        await adminView.changes.waitFor((c) => changesOf(adminView, 'id', question.id).includes(c.change), 'the new question')
        // Changes go out in commit order to every socket: once the administrator has one made after
        // the question, anything meant for the other socket was sent too.
        await withQuestions(
          [
            {
              question_text: 'A later question',
              option_a: 'a',
              option_b: 'b',
              option_c: 'c',
              option_d: 'd',
              correct_answer: 'A',
            },
          ],
          async ([later]) => {
            if (!later) throw new Error('the later question was not stored')
            await adminView.changes.waitFor((c) => changesOf(adminView, 'id', later.id).includes(c.change), 'the later question')
          },
        )
        expect(userView.changes.items).toEqual([])
      },
    )
  })
})
