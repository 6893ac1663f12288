import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { expect, it } from 'vitest'
import { PrivacyPolicyPage } from './privacy-policy-page'

it('says the server keeps the answers and flags during the exam, and deletes that copy with the questions', () => {
  render(
    <MemoryRouter>
      <PrivacyPolicyPage />
    </MemoryRouter>,
  )
  const kept = screen.getByText(/^During the exam, a copy of the answers you have given so far and of the questions you flagged/)
  expect(kept.textContent).toContain('no single device is ever the only copy')
  expect(screen.getByText(/and with them the server's copy of the answers and flags sent during the exam\.$/)).toBeTruthy()
})
