import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { RandomBytes } from '../../../domain/login-code-generator'
import {
  createLoginCodes,
  deleteLoginCode,
  listLoginCodes,
  setExtraMinutes,
  type LoginCode,
} from '../../../lib/admin-login-codes'
import { LoginCodeManagerPage } from './login-code-manager-page'

vi.mock('../../../lib/admin-login-codes', () => ({
  listLoginCodes: vi.fn(),
  createLoginCodes: vi.fn(),
  deleteLoginCode: vi.fn(),
  setExtraMinutes: vi.fn(),
}))
// The screen's live updates are tested in use-live-admin-data.test.tsx.
vi.mock('../../../lib/table-changes', () => ({ watchTableChanges: vi.fn(() => () => {}) }))
vi.mock('../../../lib/supabase', () => ({ getSupabase: vi.fn() }))

const unused = (code: string): LoginCode => ({
  id: `id-${code}`,
  code,
  created_at: '2026-11-20T10:00:00Z',
  is_used: false,
  used_by: null,
  used_at: null,
  extra_minutes: 0,
})
const used = (code: string, by: string): LoginCode => ({
  ...unused(code),
  is_used: true,
  used_by: by,
  used_at: '2026-11-21T09:30:00Z',
})

let codes: LoginCode[]
const writeText = vi.fn<(text: string) => Promise<void>>()

beforeEach(() => {
  codes = [unused('AAAAAAAA'), unused('BBBBBBBB'), used('USED0001', 'Ada Lovelace')]
  vi.mocked(listLoginCodes).mockImplementation(async () => ({ ok: true, data: codes }))
  vi.mocked(createLoginCodes).mockReset().mockResolvedValue({ ok: true, data: null })
  vi.mocked(deleteLoginCode).mockReset().mockResolvedValue({ ok: true, data: null })
  vi.mocked(setExtraMinutes).mockReset().mockResolvedValue({ ok: true, data: null })
  writeText.mockReset().mockResolvedValue()
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
})

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

async function renderPage(random?: RandomBytes) {
  render(
    <MemoryRouter>
      <LoginCodeManagerPage random={random} />
    </MemoryRouter>,
  )
  await screen.findByRole('heading', { name: /^Available Codes/ })
}

describe('LoginCodeManagerPage', () => {
  it('shows the counts, the available codes and the used ones with who used them', async () => {
    await renderPage()

    const stats = within(screen.getByRole('list', { name: 'Login code statistics' }))
    expect(stats.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Total3', 'Available2', 'Used1'])
    const available = within(screen.getByRole('list', { name: 'Available codes' }))
    expect(available.getAllByRole('listitem').map((item) => item.querySelector('.code-item__code')?.textContent)).toEqual([
      'AAAAAAAA',
      'BBBBBBBB',
    ])
    const usedItem = within(screen.getByRole('list', { name: 'Used codes' })).getByRole('listitem')
    expect(usedItem.textContent).toContain('USED0001')
    expect(usedItem.textContent).toContain('USED')
    expect(usedItem.textContent).toContain('Used by Ada Lovelace')
  })

  it('generates 5 new unique codes of 8 letters and digits in one insert', async () => {
    await renderPage()

    fireEvent.click(screen.getByRole('button', { name: 'Generate 5' }))

    expect(await screen.findByText('Successfully generated 5 new login codes')).toBeDefined()
    const batch = vi.mocked(createLoginCodes).mock.calls[0]?.[0] ?? []
    expect(batch).toHaveLength(5)
    expect(new Set(batch).size).toBe(5)
    for (const code of batch) expect(code).toMatch(/^[A-Z0-9]{8}$/)
    expect(batch).not.toContain('AAAAAAAA')
    expect(vi.mocked(createLoginCodes).mock.calls[0]?.[1]).toBe(0)
  })

  it('gives new codes the extra time typed beside the buttons', async () => {
    await renderPage()

    fireEvent.change(screen.getByRole('spinbutton', { name: /^Extra time for new codes/ }), { target: { value: '25' } })
    fireEvent.click(screen.getByRole('button', { name: 'Generate 1' }))

    expect(await screen.findByText('Successfully generated 1 new login codes')).toBeDefined()
    expect(vi.mocked(createLoginCodes).mock.calls[0]?.[1]).toBe(25)
  })

  it.each(['181', '', '-1', '2.5'])(
    'refuses to generate codes with %j minutes of extra time, inserting nothing',
    async (value) => {
      await renderPage()

      fireEvent.change(screen.getByRole('spinbutton', { name: /^Extra time for new codes/ }), { target: { value } })
      fireEvent.click(screen.getByRole('button', { name: 'Generate 5' }))

      expect(screen.getByRole('alert').textContent).toBe('Extra time must be a whole number of minutes between 0 and 180')
      expect(createLoginCodes).not.toHaveBeenCalled()
    },
  )

  it('changes the extra time of a code, refusing a value out of range with a message', async () => {
    codes = [{ ...unused('AAAAAAAA'), extra_minutes: 15 }, unused('BBBBBBBB')]
    await renderPage()
    const available = within(screen.getByRole('list', { name: 'Available codes' }))
    expect(available.getAllByRole('listitem')[0]?.textContent).toContain('+15 min extra time')

    fireEvent.click(screen.getByRole('button', { name: 'Extra time for AAAAAAAA' }))
    const dialog = within(screen.getByRole('dialog', { name: 'Extra time for AAAAAAAA' }))
    const minutes = dialog.getByRole('spinbutton', { name: /^Extra time/ }) as HTMLInputElement
    expect(minutes.value).toBe('15')
    fireEvent.change(minutes, { target: { value: '200' } })
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }))
    expect(dialog.getByRole('alert').textContent).toBe('Extra time must be a whole number of minutes between 0 and 180')
    expect(setExtraMinutes).not.toHaveBeenCalled()

    codes = [{ ...unused('AAAAAAAA'), extra_minutes: 30 }, unused('BBBBBBBB')]
    fireEvent.change(minutes, { target: { value: '30' } })
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('Extra time for AAAAAAAA set to 30 minutes')).toBeDefined()
    expect(setExtraMinutes).toHaveBeenCalledWith('id-AAAAAAAA', 30)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(await available.findByText('+30 min')).toBeDefined()
  })

  it("keeps the dialog open with the server's message when the change fails", async () => {
    vi.mocked(setExtraMinutes).mockResolvedValue({ ok: false, error: 'Failed to update extra time' })
    await renderPage()

    fireEvent.click(screen.getByRole('button', { name: 'Extra time for BBBBBBBB' }))
    const dialog = within(screen.getByRole('dialog', { name: 'Extra time for BBBBBBBB' }))
    fireEvent.change(dialog.getByRole('spinbutton', { name: /^Extra time/ }), { target: { value: '10' } })
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }))

    expect((await dialog.findByRole('alert')).textContent).toBe('Failed to update extra time')
  })

  it('generates a single code', async () => {
    await renderPage()

    fireEvent.click(screen.getByRole('button', { name: 'Generate 1' }))

    expect(await screen.findByText('Successfully generated 1 new login codes')).toBeDefined()
    expect(vi.mocked(createLoginCodes).mock.calls[0]?.[0]).toHaveLength(1)
  })

  it('reports when no unique code can be drawn, inserting nothing', async () => {
    // A random source that only ever yields AAAAAAAA, which exists already.
    await renderPage((bytes) => bytes.fill(0))

    fireEvent.click(screen.getByRole('button', { name: 'Generate 1' }))

    expect(screen.getByRole('alert').textContent).toBe('Failed to generate unique codes')
    expect(createLoginCodes).not.toHaveBeenCalled()
  })

  it("shows the server's message when the insert fails", async () => {
    vi.mocked(createLoginCodes).mockResolvedValue({ ok: false, error: 'Failed to generate codes' })
    await renderPage()

    fireEvent.click(screen.getByRole('button', { name: 'Generate 5' }))

    expect((await screen.findByRole('alert')).textContent).toBe('Failed to generate codes')
  })

  it('deletes a code only after the browser confirmation', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true)
    await renderPage()

    fireEvent.click(screen.getByRole('button', { name: 'Delete BBBBBBBB' }))
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this login code?')
    expect(deleteLoginCode).not.toHaveBeenCalled()

    fireEvent.click(screen.getByRole('button', { name: 'Delete BBBBBBBB' }))
    expect(await screen.findByText('Login code deleted successfully')).toBeDefined()
    expect(deleteLoginCode).toHaveBeenCalledWith('id-BBBBBBBB')
  })

  it('copies a code and shows the check mark for 2 seconds', async () => {
    await renderPage()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy AAAAAAAA' })))

    expect(writeText).toHaveBeenCalledWith('AAAAAAAA')
    expect(screen.getByRole('button', { name: 'Copied AAAAAAAA' })).toBeDefined()
    act(() => vi.advanceTimersByTime(1999))
    expect(screen.getByRole('button', { name: 'Copied AAAAAAAA' })).toBeDefined()
    act(() => vi.advanceTimersByTime(1))
    expect(screen.getByRole('button', { name: 'Copy AAAAAAAA' })).toBeDefined()
  })

  it('offers to generate codes when none is available', async () => {
    codes = [used('USED0001', 'Ada Lovelace')]
    await renderPage()

    fireEvent.click(screen.getByRole('button', { name: 'Generate Some Codes' }))

    expect(await screen.findByText('Successfully generated 5 new login codes')).toBeDefined()
  })
})
