import { cleanup, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, expect, it, vi } from 'vitest'
import type { ExamSessionEvent } from '../../../machines/exam-session.machine'
import { useExamGuards } from './use-exam-guards'

function guardedExam() {
  const events: ExamSessionEvent['type'][] = []
  const send = (event: ExamSessionEvent) => void events.push(event.type)
  renderHook(() => useExamGuards(send, true, 'attempt-1'), {
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

/** This document as the browser loaded it. */
function documentLoadedBy(type: 'navigate' | 'reload' | 'back_forward') {
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type } as unknown as PerformanceEntry])
}

afterEach(() => {
  vi.restoreAllMocks()
  sessionStorage.clear()
})

it('counts the page turning hidden and the window losing focus as leaving the exam', () => {
  const events = guardedExam()
  pageBecomes('hidden')
  pageBecomes('visible')
  window.dispatchEvent(new Event('blur'))
  window.dispatchEvent(new Event('focus'))
  expect(events).toEqual(['LEFT_PAGE', 'RETURNED', 'LEFT_PAGE', 'RETURNED'])
})

it('does not count the page hidden as it is unloaded, but counts one kept in the back-forward cache', () => {
  const events = guardedExam()
  window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }))
  pageBecomes('hidden')
  expect(events).toEqual(['LEFT_PAGE'])
  pageBecomes('visible')
  window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }))
  pageBecomes('hidden')
  expect(events).toEqual(['LEFT_PAGE', 'RETURNED'])
  expect(sessionStorage.getItem('holdfast.unloaded-exam')).toBe('attempt-1')
})

it('counts an exam unloaded and opened again in this tab once, but not after a reload', () => {
  sessionStorage.setItem('holdfast.unloaded-exam', 'attempt-1')
  documentLoadedBy('reload')
  expect(guardedExam()).toEqual([])
  cleanup()

  sessionStorage.setItem('holdfast.unloaded-exam', 'attempt-1')
  documentLoadedBy('back_forward')
  expect(guardedExam()).toEqual(['LEFT_PAGE', 'RETURNED'])
  cleanup()
  // Noted once: the next page of the exam starts afresh.
  expect(guardedExam()).toEqual([])
  cleanup()

  // Another attempt's note (one submitted while away) is not this one's.
  sessionStorage.setItem('holdfast.unloaded-exam', 'attempt-0')
  documentLoadedBy('navigate')
  expect(guardedExam()).toEqual([])
})
