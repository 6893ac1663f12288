import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeTableChanges, type FakeChannel } from '../../../../tests/unit/fake-table-changes'
import { loadExamOverview, type ExamOverview } from '../../../lib/admin/admin-exams'
import {
  deleteLoginCode,
  generateLoginCodes,
  listLoginCodes,
  loadEveryLoginCode,
  loadLoginCodeCounts,
  setExtraMinutes,
  type ListedLoginCode,
  type LoginCodeScope,
  type LoginCodeStatus,
} from '../../../lib/admin/admin-login-codes'
import { lastPageIndex } from '../../../lib/admin/admin-reads'
import { saveTextFile } from '../../../lib/browser/save-text-file'
import { watchTableChanges } from '../../../lib/admin/table-changes'
import { codesPerPage, LoginCodeManagerPage } from './login-code-manager-page'

vi.mock('../../../lib/admin/admin-login-codes', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/admin/admin-login-codes')>()),
  listLoginCodes: vi.fn(),
  loadLoginCodeCounts: vi.fn(),
  loadEveryLoginCode: vi.fn(),
  generateLoginCodes: vi.fn(),
  deleteLoginCode: vi.fn(),
  setExtraMinutes: vi.fn(),
}))
vi.mock('../../../lib/admin/admin-exams', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/admin/admin-exams')>()),
  loadExamOverview: vi.fn(),
}))
vi.mock('../../../lib/browser/save-text-file', () => ({ saveTextFile: vi.fn() }))
vi.mock('../../../lib/admin/table-changes', () => ({ watchTableChanges: vi.fn() }))
vi.mock('../../../lib/api/supabase', () => ({ getSupabase: vi.fn() }))

const unused = (code: string, more: Partial<ListedLoginCode> = {}): ListedLoginCode => ({
  id: `id-${code}`,
  code,
  exam_id: 'exam-1',
  created_at: '2026-11-20T10:00:00Z',
  used_by: null,
  used_at: null,
  extra_minutes: 0,
  label: null,
  student_name: null,
  status: 'available',
  started_by: null,
  started_at: null,
  ...more,
})
const used = (code: string, by: string): ListedLoginCode =>
  unused(code, { status: 'used', used_by: by, used_at: '2026-11-21T09:30:00Z' })
const inUse = (code: string, by: string): ListedLoginCode =>
  unused(code, { status: 'in_use', started_by: by, started_at: '2026-11-21T09:00:00Z' })
/** `count` available codes, newest first: NEW00001, NEW00002, … */
const manyUnused = (count: number) => Array.from({ length: count }, (_, i) => unused(`NEW${String(i + 1).padStart(5, '0')}`))

const sitting = { id: 's1', name: 'Morning sitting', start_time: '2026-11-30T08:00:00Z', end_time: '2026-11-30T09:30:00Z' }
const overview: ExamOverview = {
  id: 'exam-1',
  name: 'Physics',
  archived_at: null,
  status: 'upcoming',
  sitting,
  questions_ready: 50,
  codes_available: 3,
  codes_used: 1,
  submissions: 1,
}

/** Every code, in the server's order (newest first): the fake server's table. */
let codes: ListedLoginCode[]
let channels: FakeChannel[]
const writeText = vi.fn<(text: string) => Promise<void>>()
const inScope = (code: ListedLoginCode, scope: LoginCodeScope = {}) => scope.label === undefined || code.label === scope.label
const ofStatus = (status: LoginCodeStatus, scope?: LoginCodeScope) =>
  codes.filter((code) => code.status === status && inScope(code, scope))

beforeEach(() => {
  codes = [unused('AAAAAAAA'), unused('BBBBBBBB'), used('USED0001', 'Ada Lovelace')]
  // As the server answers: a page of one list, or its last page when the list is shorter.
  vi.mocked(listLoginCodes)
    .mockReset()
    .mockImplementation(async (status, pageIndex, pageSize, scope) => {
      const list = ofStatus(status, scope)
      const shown = Math.min(pageIndex, lastPageIndex(list.length, pageSize))
      return {
        ok: true,
        data: { rows: list.slice(shown * pageSize, (shown + 1) * pageSize), pageIndex: shown, total: list.length },
      }
    })
  vi.mocked(loadLoginCodeCounts)
    .mockReset()
    .mockImplementation(async (scope) => {
      const shown = codes.filter((code) => inScope(code, scope))
      const count = (status: LoginCodeStatus) => shown.filter((code) => code.status === status).length
      const labels = [...new Set(codes.flatMap((code) => (code.label === null ? [] : [code.label])))].sort()
      return {
        ok: true,
        data: { total: shown.length, available: count('available'), in_use: count('in_use'), used: count('used'), labels },
      }
    })
  vi.mocked(loadEveryLoginCode)
    .mockReset()
    .mockImplementation(async (statuses, scope) => ({ ok: true, data: statuses.flatMap((status) => ofStatus(status, scope)) }))
  vi.mocked(loadExamOverview)
    .mockReset()
    .mockResolvedValue({ ok: true, data: [overview] })
  vi.mocked(saveTextFile).mockReset()
  vi.mocked(generateLoginCodes)
    .mockReset()
    .mockImplementation(async ({ count }) => ({ ok: true, data: Array.from({ length: count }, (_, i) => `GEN0000${i}`) }))
  vi.mocked(deleteLoginCode).mockReset().mockResolvedValue({ ok: true, data: null })
  vi.mocked(setExtraMinutes).mockReset().mockResolvedValue({ ok: true, data: null })
  channels = fakeTableChanges(watchTableChanges)
  writeText.mockReset().mockResolvedValue()
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
})

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

/** The generation request the page makes for `count` plain codes. */
const plainBatch = (count: number, more: object = {}) => ({ count, extraMinutes: 0, label: null, names: [], ...more })

async function renderPage(address = '/admin/codes') {
  render(
    <MemoryRouter initialEntries={[address]}>
      <LoginCodeManagerPage />
    </MemoryRouter>,
  )
  await screen.findByRole('heading', { name: /^Available Codes/ })
}

const codesOf = (list: string) =>
  within(screen.getByRole('list', { name: list }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.code-item__code')?.textContent)

const pager = (name: string) => within(screen.getByRole('navigation', { name }))

describe('LoginCodeManagerPage', () => {
  it('shows the totals, the available codes, those in use and the used ones with who used them', async () => {
    codes = [...codes, inUse('INUSE001', 'Blaise Pascal')]
    await renderPage()

    const stats = within(screen.getByRole('list', { name: 'Login code statistics' }))
    expect(stats.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Total4', 'Available2', 'In use1', 'Used1'])
    const inUseItem = within(screen.getByRole('list', { name: 'Codes in use' })).getByRole('listitem')
    expect(inUseItem.textContent).toContain('IN USE')
    expect(inUseItem.textContent).toContain('Started by Blaise Pascal')
    expect(codesOf('Available codes')).toEqual(['AAAAAAAA', 'BBBBBBBB'])
    const usedItem = within(screen.getByRole('list', { name: 'Used codes' })).getByRole('listitem')
    expect(usedItem.textContent).toContain('USED0001')
    expect(usedItem.textContent).toContain('USED')
    expect(usedItem.textContent).toContain('Used by Ada Lovelace')
    // One page each: nothing to turn.
    expect(screen.queryByRole('navigation')).toBeNull()
    expect(vi.mocked(listLoginCodes).mock.calls).toEqual([
      ['available', 0, codesPerPage, { examId: undefined, label: undefined }],
      ['in_use', 0, codesPerPage, { examId: undefined, label: undefined }],
      ['used', 0, codesPerPage, { examId: undefined, label: undefined }],
    ])
  })

  it('takes the totals from the counts, not from the pages shown', async () => {
    codes = [...manyUnused(120), used('USED0001', 'Ada Lovelace')]
    vi.mocked(loadLoginCodeCounts).mockResolvedValue({
      ok: true,
      data: { total: 1621, available: 1110, in_use: 10, used: 501, labels: [] },
    })
    await renderPage()

    const stats = within(screen.getByRole('list', { name: 'Login code statistics' }))
    expect(stats.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Total1621',
      'Available1110',
      'In use10',
      'Used501',
    ])
    expect(codesOf('Available codes')).toHaveLength(codesPerPage)
  })

  it('turns the pages of the available codes, first to last, and says which codes are shown', async () => {
    codes = manyUnused(120)
    await renderPage()
    const pages = pager('Pages of available codes')
    expect(screen.getByRole('heading', { name: 'Available Codes (120)' })).toBeDefined()
    expect(pages.getByText('1–50 of 120')).toBeDefined()
    expect(codesOf('Available codes')[0]).toBe('NEW00001')
    expect(pages.getByRole('button', { name: 'First page' }).getAttribute('aria-disabled')).toBe('true')
    expect(pages.getByRole('button', { name: 'Previous page' }).getAttribute('aria-disabled')).toBe('true')

    fireEvent.click(pages.getByRole('button', { name: 'Next page' }))
    expect(await pages.findByText('51–100 of 120')).toBeDefined()
    expect(codesOf('Available codes')[0]).toBe('NEW00051')

    fireEvent.click(pages.getByRole('button', { name: 'Last page' }))
    expect(await pages.findByText('101–120 of 120')).toBeDefined()
    expect(codesOf('Available codes')).toEqual(codes.slice(100).map((code) => code.code))
    const next = pages.getByRole('button', { name: 'Next page' })
    expect(next.getAttribute('aria-disabled')).toBe('true')
    // At the end the button does nothing (and stays focusable: it is not `disabled`).
    fireEvent.click(next)
    expect((next as HTMLButtonElement).disabled).toBe(false)
    expect(
      vi
        .mocked(listLoginCodes)
        .mock.calls.filter(([status]) => status === 'available')
        .map(([, pageIndex]) => pageIndex),
    ).toEqual([0, 1, 2])

    fireEvent.click(pages.getByRole('button', { name: 'Previous page' }))
    expect(await pages.findByText('51–100 of 120')).toBeDefined()
    fireEvent.click(pages.getByRole('button', { name: 'First page' }))
    expect(await pages.findByText('1–50 of 120')).toBeDefined()
    // The used codes stayed on their page: one read each time, of page 0.
    expect(
      vi
        .mocked(listLoginCodes)
        .mock.calls.filter(([status]) => status === 'used')
        .map(([, pageIndex]) => pageIndex),
    ).toEqual([0, 0, 0, 0, 0])
  })

  it('turns the pages of the used codes on their own', async () => {
    codes = [
      unused('AAAAAAAA'),
      ...Array.from({ length: 60 }, (_, i) => used(`USED${String(i).padStart(4, '0')}`, `Student ${i}`)),
    ]
    await renderPage()

    fireEvent.click(pager('Pages of used codes').getByRole('button', { name: 'Next page' }))

    expect(await pager('Pages of used codes').findByText('51–60 of 60')).toBeDefined()
    expect(codesOf('Used codes')).toHaveLength(10)
    expect(codesOf('Available codes')).toEqual(['AAAAAAAA'])
  })

  it('follows a list that shrinks below the page shown to its last page, and stays there', async () => {
    codes = manyUnused(120)
    await renderPage()
    const pages = pager('Pages of available codes')
    fireEvent.click(pages.getByRole('button', { name: 'Last page' }))
    await pages.findByText('101–120 of 120')

    // Students use 30 codes: a change the screen hears of.
    codes = codes.map((code, i) => (i < 30 ? { ...code, status: 'used', used_by: 'Student' } : code))
    act(() => channels[0]?.listener.onChange())

    expect(await pages.findByText('51–90 of 90')).toBeDefined()
    expect(codesOf('Available codes')[0]).toBe('NEW00081')
    // The next read asks for the page shown, not the one that is gone.
    const readsOfAvailable = () => vi.mocked(listLoginCodes).mock.calls.filter(([status]) => status === 'available')
    await vi.waitFor(() => expect(readsOfAvailable().at(-1)?.[1]).toBe(1))
    expect(pages.getByText('51–90 of 90')).toBeDefined()
  })

  it('generates 5 new codes and shows the first page, where the newest are', async () => {
    codes = manyUnused(120)
    await renderPage()
    fireEvent.click(pager('Pages of available codes').getByRole('button', { name: 'Last page' }))
    await screen.findByText('101–120 of 120')
    vi.mocked(generateLoginCodes).mockImplementation(async ({ count }) => {
      const made = Array.from({ length: count }, (_, i) => unused(`GEN0000${i}`))
      codes = [...made, ...codes]
      return { ok: true, data: made.map((code) => code.code) }
    })

    fireEvent.click(screen.getByRole('button', { name: 'Generate 5' }))

    expect(await screen.findByText('Successfully generated 5 new login codes')).toBeDefined()
    expect(vi.mocked(generateLoginCodes).mock.calls).toEqual([[plainBatch(5), undefined]])
    expect(await screen.findByText('1–50 of 125')).toBeDefined()
    expect(codesOf('Available codes').slice(0, 5)).toEqual(['GEN00000', 'GEN00001', 'GEN00002', 'GEN00003', 'GEN00004'])
  })

  it('hands its random source to the generator, for one code', async () => {
    const random = (bytes: Uint8Array) => bytes.fill(7)
    render(
      <MemoryRouter>
        <LoginCodeManagerPage random={random} />
      </MemoryRouter>,
    )
    await screen.findByRole('heading', { name: /^Available Codes/ })

    fireEvent.click(screen.getByRole('button', { name: 'Generate 1' }))

    expect(await screen.findByText('Successfully generated 1 new login code')).toBeDefined()
    expect(vi.mocked(generateLoginCodes).mock.calls).toEqual([[plainBatch(1), random]])
  })

  it('gives new codes the extra time typed in the form', async () => {
    await renderPage()

    fireEvent.change(screen.getByRole('spinbutton', { name: /^Extra time for new codes/ }), { target: { value: '25' } })
    fireEvent.click(screen.getByRole('button', { name: 'Generate 1' }))

    expect(await screen.findByText('Successfully generated 1 new login code')).toBeDefined()
    expect(vi.mocked(generateLoginCodes).mock.calls[0]?.[0]).toEqual(plainBatch(1, { extraMinutes: 25 }))
  })

  it.each(['181', '', '-1', '2.5'])(
    'refuses to generate codes with %j minutes of extra time, inserting nothing',
    async (value) => {
      await renderPage()

      fireEvent.change(screen.getByRole('spinbutton', { name: /^Extra time for new codes/ }), { target: { value } })
      fireEvent.click(screen.getByRole('button', { name: 'Generate 5' }))

      expect(screen.getByRole('alert').textContent).toBe('Extra time must be a whole number of minutes between 0 and 180')
      expect(generateLoginCodes).not.toHaveBeenCalled()
    },
  )

  it.each(['Failed to generate unique codes', 'Failed to generate codes'])(
    'shows "%s" from the generator in the red banner',
    async (error) => {
      vi.mocked(generateLoginCodes).mockResolvedValue({ ok: false, error })
      await renderPage()

      fireEvent.click(screen.getByRole('button', { name: 'Generate 5' }))

      expect((await screen.findByRole('alert')).textContent).toBe(error)
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

  it('deletes a code only after the browser confirmation', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true)
    await renderPage()

    fireEvent.click(screen.getByRole('button', { name: 'Delete BBBBBBBB' }))
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this login code?')
    expect(deleteLoginCode).not.toHaveBeenCalled()

    codes = codes.filter((code) => code.code !== 'BBBBBBBB')
    fireEvent.click(screen.getByRole('button', { name: 'Delete BBBBBBBB' }))
    expect(await screen.findByText('Login code deleted successfully')).toBeDefined()
    expect(deleteLoginCode).toHaveBeenCalledWith('id-BBBBBBBB')
    expect(await screen.findByRole('heading', { name: 'Available Codes (1)' })).toBeDefined()
  })

  it('shows a failed load in the red banner', async () => {
    vi.mocked(listLoginCodes).mockResolvedValue({ ok: false, error: 'Failed to load login codes' })
    render(
      <MemoryRouter>
        <LoginCodeManagerPage />
      </MemoryRouter>,
    )

    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load login codes')
    expect(screen.queryByRole('heading', { name: /^Available Codes/ })).toBeNull()
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
  it.each(['0', '501', '', '2.5'])('refuses %j as a number of codes, generating nothing', async (value) => {
    await renderPage()

    fireEvent.change(screen.getByRole('spinbutton', { name: 'Number of codes' }), { target: { value } })
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }))

    expect(screen.getByRole('alert').textContent).toBe('Enter a number of codes from 1 to 500')
    expect(generateLoginCodes).not.toHaveBeenCalled()
  })

  it('generates the number typed, with the label', async () => {
    await renderPage()

    fireEvent.change(screen.getByRole('textbox', { name: 'Label (optional)' }), { target: { value: ' 10B ' } })
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Number of codes' }), { target: { value: '30' } })
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }))

    expect(await screen.findByText('Successfully generated 30 new login codes')).toBeDefined()
    expect(vi.mocked(generateLoginCodes).mock.calls[0]?.[0]).toEqual(plainBatch(30, { label: '10B' }))
  })

  it('makes one code per name of a pasted list, and clears the names once made', async () => {
    await renderPage()
    const names = screen.getByRole('textbox', { name: 'Names (optional, one per line)' }) as HTMLTextAreaElement

    fireEvent.change(names, { target: { value: 'Ada Lovelace\n\nBlaise Pascal\n' } })
    expect(screen.getByText('Generate makes 2 codes, one per name.')).toBeDefined()
    expect((screen.getByRole('button', { name: 'Generate 5' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }))

    expect(await screen.findByText('Successfully generated 2 new login codes')).toBeDefined()
    expect(vi.mocked(generateLoginCodes).mock.calls[0]?.[0]).toEqual(plainBatch(2, { names: ['Ada Lovelace', 'Blaise Pascal'] }))
    expect(names.value).toBe('')
  })

  it('shows each code with its name and label, and narrows the figures and lists to the label chosen', async () => {
    codes = [
      unused('AAAAAAAA', { label: '10B', student_name: 'Ada Lovelace' }),
      unused('BBBBBBBB', { label: '10C' }),
      used('USED0001', 'Ada Lovelace'),
    ]
    await renderPage()
    const first = within(screen.getByRole('list', { name: 'Available codes' })).getAllByRole('listitem')[0] as HTMLElement
    expect(first.textContent).toContain('Ada Lovelace')
    expect(first.textContent).toContain('Label: 10B')
    const filter = screen.getByRole('combobox', { name: 'Label' })
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All labels', '10B', '10C'])

    fireEvent.change(filter, { target: { value: '10C' } })

    await vi.waitFor(() => expect(codesOf('Available codes')).toEqual(['BBBBBBBB']))
    const stats = within(screen.getByRole('list', { name: 'Login code statistics' }))
    expect(stats.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Total1', 'Available1', 'In use0', 'Used0'])
  })

  it('copies every available code of the label, with name and label, and says "Copied" for 2 seconds', async () => {
    codes = [unused('AAAAAAAA', { label: '10B', student_name: 'Ada Lovelace' }), unused('BBBBBBBB', { label: '10C' })]
    await renderPage('/admin/codes?label=10B')
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy all' })))

    expect(writeText).toHaveBeenCalledWith('AAAAAAAA\tAda Lovelace\t10B')
    expect(vi.mocked(loadEveryLoginCode).mock.calls).toEqual([[['available'], { examId: undefined, label: '10B' }]])
    act(() => vi.advanceTimersByTime(1999))
    expect(screen.getByRole('button', { name: 'Copied' })).toBeDefined()
    act(() => vi.advanceTimersByTime(1))
    expect(screen.getByRole('button', { name: 'Copy all' })).toBeDefined()
  })

  it('exports the available codes and those in use as CSV, with the exam and its sitting', async () => {
    codes = [unused('AAAAAAAA', { student_name: 'Ada Lovelace' }), inUse('INUSE001', 'Blaise'), used('USED0001', 'Carl')]
    await renderPage()

    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }))

    await vi.waitFor(() => expect(saveTextFile).toHaveBeenCalled())
    const [name, text] = vi.mocked(saveTextFile).mock.calls[0] as [string, string, string]
    expect(name).toBe('login-codes-physics.csv')
    expect(text.trim().split('\r\n').slice(1)).toEqual([
      'AAAAAAAA,,Ada Lovelace,Physics,Morning sitting',
      'INUSE001,,,Physics,Morning sitting',
    ])
  })

  it('prints one slip per available code, with the exam, sitting, name and where to go', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {})
    codes = [...manyUnused(12), unused('NAMED001', { student_name: 'Ada Lovelace', label: '10B' }), used('USED0001', 'Carl')]
    await renderPage()

    fireEvent.click(screen.getByRole('button', { name: 'Print slips' }))

    await vi.waitFor(() => expect(print).toHaveBeenCalledTimes(1))
    const slips = document.body.querySelectorAll(':scope > .login-code-slips .login-code-slip')
    expect(slips).toHaveLength(13)
    expect(document.body.querySelectorAll(':scope > .login-code-slips .login-code-slips__page')).toHaveLength(2)
    const named = slips[12] as HTMLElement
    expect(named.querySelector('.login-code-slip__code')?.textContent).toBe('NAMED001')
    expect(named.textContent).toContain('Physics')
    expect(named.textContent).toContain('Morning sitting, ')
    expect(named.textContent).toContain('Ada Lovelace · 10B')
    expect(named.textContent).toContain(`Go to ${window.location.origin}/student and enter this code.`)

    act(() => window.dispatchEvent(new Event('afterprint')))
    expect(document.body.querySelector('.login-code-slips')).toBeNull()
  })

  it('says there is nothing to print when no code is available', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {})
    codes = [used('USED0001', 'Carl')]
    await renderPage()

    fireEvent.click(screen.getByRole('button', { name: 'Print slips' }))

    expect((await screen.findByRole('alert')).textContent).toBe('No available codes to print')
    expect(print).not.toHaveBeenCalled()
  })
})
