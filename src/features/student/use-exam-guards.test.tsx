import { renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, expect, it, vi } from 'vitest'
import type { ExamSessionEvent } from '../../../machines/exam-session.machine'
import { useExamGuards } from './use-exam-guards'

function guardedExam() {
  const events: ExamSessionEvent['type'][] = []
  const send = (event: ExamSessionEvent) => void events.push(event.type)
  renderHook(() => useExamGuards(send, true), {
    wrapper: ({ children }: { children: ReactNode }) => (
      <MemoryRouter initialEntries={['/student/exam']}>{children}</MemoryRouter>
    ),
  })
  return events
}

/** The page turning hidden or visible, as the browser reports it. */
function pageBecomes(state: DocumentVisibilityState) {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(state)
  document.dispatchEvent(new Event('visibilitychange'))
}

afterEach(() => {
  vi.restoreAllMocks()
})

it('counts the page turning hidden and the window losing focus as leaving the exam', () => {
  const events = guardedExam()
  pageBecomes('hidden')
  pageBecomes('visible')
  window.dispatchEvent(new Event('blur'))
  window.dispatchEvent(new Event('focus'))
  expect(events).toEqual(['LEFT_PAGE', 'RETURNED', 'LEFT_PAGE', 'RETURNED'])
})

it('does not count a reload or a closed tab (the page hidden as it is unloaded), but counts a page kept for Back', () => {
  const events = guardedExam()
  window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }))
  pageBecomes('hidden')
  expect(events).toEqual(['LEFT_PAGE'])
  pageBecomes('visible')
  window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }))
  pageBecomes('hidden')
  expect(events).toEqual(['LEFT_PAGE', 'RETURNED'])
})
