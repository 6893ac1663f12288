import { act, renderHook } from '@testing-library/react'
import { expect, it, vi } from 'vitest'
import type { AdminResult } from '../../../lib/admin/admin-result'
import { useAdminData } from './use-admin-data'

it('shows the latest load started when an older one answers after it', async () => {
  const answers: Array<(result: AdminResult<string>) => void> = []
  const load = vi.fn(() => new Promise<AdminResult<string>>((resolve) => answers.push(resolve)))
  const { result } = renderHook(() => useAdminData([], load, vi.fn()))
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

it('loads once for an inline loader and an inline error handler, however often the screen renders', async () => {
  const server = vi.fn(async (): Promise<AdminResult<string>> => ({ ok: false, error: 'Failed to load' }))
  const shown: string[] = []
  // A new loader and a new handler on every render, as a screen writes them inline.
  const { result, rerender } = renderHook(() =>
    useAdminData(
      [],
      () => server(),
      (message) => shown.push(message),
    ),
  )
  await act(async () => {})
  rerender()
  rerender()
  await act(async () => {})
  expect(server).toHaveBeenCalledTimes(1)
  expect(shown).toEqual(['Failed to load'])
  expect(result.current.loading).toBe(false)
})

it('loads again when an element of its key changes, with the loader of that render', async () => {
  const server = vi.fn(async (page: number): Promise<AdminResult<string>> => ({ ok: true, data: `page ${page}` }))
  const { result, rerender } = renderHook(({ page, filter }) => useAdminData([page, filter], () => server(page), vi.fn()), {
    initialProps: { page: 0, filter: { day: '2026-11-27' } },
  })
  await act(async () => {})
  expect(result.current.data).toBe('page 0')
  const filter = { day: '2026-11-27' }
  rerender({ page: 0, filter })
  await act(async () => {})
  // Another object is another key: a screen keys by the object it loads with.
  expect(server).toHaveBeenCalledTimes(2)
  rerender({ page: 3, filter })
  await act(async () => {})
  rerender({ page: 3, filter })
  await act(async () => {})
  expect(server.mock.calls).toEqual([[0], [0], [3]])
  expect(result.current.data).toBe('page 3')
})
