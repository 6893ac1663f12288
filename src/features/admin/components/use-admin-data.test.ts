import { act, renderHook } from '@testing-library/react'
import { expect, it, vi } from 'vitest'
import type { AdminResult } from '../../../lib/admin/admin-result'
import { useAdminData } from './use-admin-data'

it('shows the latest load started when an older one answers after it', async () => {
  const answers: Array<(result: AdminResult<string>) => void> = []
  const load = vi.fn(() => new Promise<AdminResult<string>>((resolve) => answers.push(resolve)))
  const { result } = renderHook(() => useAdminData(load, vi.fn()))
  let newer: Promise<void> = Promise.resolve()
  act(() => {
    newer = result.current.reload()
  })
  expect(answers).toHaveLength(2)

  await act(async () => {
    answers[1]?.({ ok: true, data: 'newer' })
    await newer
  })
  expect(result.current).toMatchObject({ data: 'newer', loading: false })

  await act(async () => answers[0]?.({ ok: true, data: 'older' }))
  expect(result.current.data).toBe('newer')
})
