import { act, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { checkAdminAccess, signInAdmin, signOutAdmin, watchSignedInUser, type SignedInUser } from '../../../lib/admin/admin-auth'
import { AdminGate } from './admin-gate'

vi.mock('../../../lib/admin/admin-auth', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/admin/admin-auth')>()),
  watchSignedInUser: vi.fn(),
  checkAdminAccess: vi.fn(),
  signInAdmin: vi.fn(),
  signOutAdmin: vi.fn(),
}))

const admin: SignedInUser = { id: 'user-1', email: 'admin@holdfast.test' }
let reportUser: (user: SignedInUser | null) => void

beforeEach(() => {
  vi.mocked(watchSignedInUser).mockImplementation((onChange) => {
    reportUser = onChange
    return () => {}
  })
  vi.mocked(checkAdminAccess).mockResolvedValue('admin')
  vi.mocked(signInAdmin).mockReset()
  vi.mocked(signOutAdmin).mockResolvedValue()
})

function renderGate() {
  render(
    <MemoryRouter initialEntries={['/admin']}>
      <Routes>
        <Route path="/admin" element={<AdminGate />}>
          <Route index element={<h1>Dashboard content</h1>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  )
}

function fillLogin(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } })
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } })
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }))
}

describe('AdminGate', () => {
  it('checks the stored session before showing anything, then only the login screen without one', async () => {
    renderGate()
    expect(screen.getByRole('status').textContent).toBe('Checking authentication...')
    expect(screen.queryByRole('heading')).toBeNull()

    act(() => reportUser(null))

    expect(screen.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeDefined()
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/')
    expect(screen.queryByText('Dashboard content')).toBeNull()
  })

  it.each([
    ['', '', 'Please fill in all fields'],
    ['admin', 'correct-horse', 'Please enter a valid email address'],
    ['admin@holdfast.test', '12345', 'Password must be at least 6 characters'],
  ])('refuses "%s" / "%s" with "%s" before asking the server', (email, password, message) => {
    renderGate()
    act(() => reportUser(null))

    fillLogin(email, password)

    expect(screen.getByRole('alert').textContent).toBe(message)
    expect(signInAdmin).not.toHaveBeenCalled()
  })

  it("shows the sign-in failure's message and lets the admin try again", async () => {
    vi.mocked(signInAdmin).mockResolvedValue('Invalid email or password. Please check your credentials.')
    renderGate()
    act(() => reportUser(null))

    fillLogin('admin@holdfast.test', 'wrong-password')

    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password. Please check your credentials.')
    expect(signInAdmin).toHaveBeenCalledWith('admin@holdfast.test', 'wrong-password')
    expect(screen.getByRole('button', { name: 'Sign In' })).toHaveProperty('disabled', false)
  })

  it('shows the admin screens once the signed-in user is confirmed as an administrator', async () => {
    let answerAccess: (access: 'admin') => void = () => {}
    vi.mocked(checkAdminAccess).mockReturnValue(new Promise((resolve) => (answerAccess = resolve)))
    vi.mocked(signInAdmin).mockResolvedValue(null)
    renderGate()
    act(() => reportUser(null))

    fillLogin('admin@holdfast.test', 'correct-horse-battery')
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDefined()
    act(() => reportUser(admin))
    expect(screen.getByRole('status').textContent).toBe('Checking authentication...')
    await act(async () => answerAccess('admin'))

    expect(screen.getByRole('heading', { name: 'Dashboard content' })).toBeDefined()
    expect(screen.getByText('admin@holdfast.test')).toBeDefined()
  })

  it('tells a signed-in user who is not an administrator so, instead of showing empty screens', async () => {
    vi.mocked(checkAdminAccess).mockResolvedValue('not-admin')
    renderGate()
    act(() => reportUser({ id: 'user-2', email: 'teacher@holdfast.test' }))

    expect(await screen.findByRole('heading', { level: 1, name: 'Not an Administrator' })).toBeDefined()
    expect(screen.getByText('teacher@holdfast.test')).toBeDefined()
    expect(screen.queryByText('Dashboard content')).toBeNull()
  })

  it('offers to try again when the administrator check cannot reach the server', async () => {
    vi.mocked(checkAdminAccess).mockResolvedValueOnce('unreachable').mockResolvedValueOnce('admin')
    renderGate()
    act(() => reportUser(admin))

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Unable to connect to the database. Please check your internet connection and try again.',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }))

    expect(await screen.findByRole('heading', { name: 'Dashboard content' })).toBeDefined()
  })

  it('returns to the login screen when supabase-js reports the session gone (sign-out elsewhere, invalid refresh token)', async () => {
    renderGate()
    act(() => reportUser(admin))
    await screen.findByRole('heading', { name: 'Dashboard content' })

    act(() => reportUser(null))

    expect(screen.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeDefined()
  })

  it('logs out to the login screen even when there was no session left to end', async () => {
    renderGate()
    act(() => reportUser(admin))
    await screen.findByRole('heading', { name: 'Dashboard content' })

    fireEvent.click(screen.getByRole('button', { name: 'Logout' }))

    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Login' })).toBeDefined()
    expect(signOutAdmin).toHaveBeenCalledOnce()
  })
})
