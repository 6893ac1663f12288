import { fireEvent, render, screen } from '@testing-library/react'
import { useState, type ReactNode } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { expect, it } from 'vitest'
import { useExamShell } from '../lib/browser/exam-shell'
import { Layout } from './layout'

function FakeExam() {
  useExamShell()
  return <h1>The exam</h1>
}

/** A page that shows the exam until its button ends it, as the exam page hands over to the completion screen. */
function ExamThenDone() {
  const [examOn, setExamOn] = useState(true)
  if (!examOn) return <h1>Done</h1>
  return (
    <>
      <FakeExam />
      <button type="button" onClick={() => setExamOn(false)}>
        End
      </button>
    </>
  )
}

function renderLayoutWith(page: ReactNode) {
  const router = createMemoryRouter([{ path: '/', element: <Layout />, children: [{ index: true, element: page }] }])
  render(<RouterProvider router={router} />)
}

it('shows the site’s skip link, header, menu and footer around a page', async () => {
  renderLayoutWith(<h1>A page</h1>)
  await screen.findByRole('heading', { name: 'A page' })
  expect(screen.getByRole('link', { name: 'Skip to main content' })).toBeDefined()
  expect(screen.getByRole('banner')).toBeDefined()
  expect(screen.getByRole('contentinfo')).toBeDefined()
})

it('leaves out every link around the exam while it shows, and brings them back after it', async () => {
  renderLayoutWith(<ExamThenDone />)
  await screen.findByRole('heading', { name: 'The exam' })
  expect(screen.queryByRole('banner')).toBeNull()
  expect(screen.queryByRole('contentinfo')).toBeNull()
  expect(screen.queryByRole('link')).toBeNull()
  expect(screen.getByRole('main').textContent).toBe('The examEnd')
  fireEvent.click(screen.getByRole('button', { name: 'End' }))
  await screen.findByRole('heading', { name: 'Done' })
  expect(screen.getByRole('banner')).toBeDefined()
  expect(screen.getByRole('contentinfo')).toBeDefined()
})
