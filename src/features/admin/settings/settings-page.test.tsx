import { fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, expect, it, vi } from 'vitest'
import { unsetSiteSettings } from '../../../lib/api/site-settings'
import { loadSettings, saveSettings } from '../../../lib/admin/admin-settings'
import { SettingsPage } from './settings-page'

vi.mock('../../../lib/admin/admin-settings', () => ({ loadSettings: vi.fn(), saveSettings: vi.fn() }))

const springfield = { ...unsetSiteSettings, institution_name: 'Springfield High', contact_email: 'exams@springfield.example' }

beforeEach(() => {
  vi.mocked(loadSettings).mockReset()
  vi.mocked(saveSettings).mockReset()
})

function renderPage() {
  render(
    <MemoryRouter>
      <SettingsPage />
    </MemoryRouter>,
  )
}

it('shows the stored settings in labelled fields and saves what the administrator typed', async () => {
  vi.mocked(loadSettings).mockResolvedValue({ ok: true, data: springfield })
  vi.mocked(saveSettings).mockResolvedValue({ ok: true, data: { ...springfield, contact_phone: '+1 555 0100' } })
  renderPage()

  expect(await screen.findByLabelText('Institution name')).toHaveProperty('value', 'Springfield High')
  expect(screen.getByLabelText('Contact e-mail')).toHaveProperty('value', 'exams@springfield.example')
  expect(screen.getByLabelText('Contact phone')).toHaveProperty('value', '')
  expect(screen.getByLabelText('Address')).toHaveProperty('value', '')
  expect(screen.getByLabelText('Product name')).toHaveProperty('value', 'Holdfast')

  vi.mocked(loadSettings).mockResolvedValue({ ok: true, data: { ...springfield, contact_phone: '+1 555 0100' } })
  fireEvent.change(screen.getByLabelText('Contact phone'), { target: { value: '+1 555 0100' } })
  fireEvent.click(screen.getByRole('button', { name: 'Save settings' }))

  expect(await screen.findByText('Settings saved successfully')).toBeDefined()
  expect(saveSettings).toHaveBeenCalledWith({
    institution_name: 'Springfield High',
    contact_email: 'exams@springfield.example',
    contact_phone: '+1 555 0100',
    address: '',
    product_name: 'Holdfast',
  })
  expect(await screen.findByDisplayValue('+1 555 0100')).toBeDefined()
})

it("shows a refused save in the server's words, keeping what was typed", async () => {
  vi.mocked(loadSettings).mockResolvedValue({ ok: true, data: springfield })
  vi.mocked(saveSettings).mockResolvedValue({ ok: false, error: 'Enter a contact e-mail address such as exams@school.org' })
  renderPage()

  fireEvent.change(await screen.findByLabelText('Contact e-mail'), { target: { value: 'exams@' } })
  fireEvent.click(screen.getByRole('button', { name: 'Save settings' }))

  expect((await screen.findByRole('alert')).textContent).toBe('Enter a contact e-mail address such as exams@school.org')
  expect(screen.getByLabelText('Contact e-mail')).toHaveProperty('value', 'exams@')
})

it('offers to try again when the settings cannot be read, instead of a form that would save placeholders', async () => {
  vi.mocked(loadSettings).mockResolvedValueOnce({ ok: false, error: 'Failed to load settings' })
  vi.mocked(loadSettings).mockResolvedValueOnce({ ok: true, data: springfield })
  renderPage()

  expect((await screen.findByRole('alert')).textContent).toBe('Failed to load settings')
  expect(screen.queryByRole('button', { name: 'Save settings' })).toBeNull()
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }))

  expect(await screen.findByLabelText('Institution name')).toHaveProperty('value', 'Springfield High')
})
