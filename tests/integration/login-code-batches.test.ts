import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TablesInsert } from '../../src/lib/api/database.types.ts'
import { adminClient, nonAdminClient, serviceClient, type Client } from './clients.ts'
import { isoFromNow, minute, must, randomCode, succeeded } from './exam-data.ts'

/**
 * Issue 28 on the server: codes a teacher can hand out carry a label and a student's name; a code a
 * student has started with is "in use", never "available", in the Login Code Manager's lists and
 * counts, the dashboard's figure and the exam overview alike. Every code here belongs to an exam of
 * this file's own, so other files' codes never change its figures.
 */

const service = serviceClient()
let admin: Client
let examId: string

async function newExam(): Promise<string> {
  const exam = must(
    await service
      .from('exams')
      .insert({ name: `Codes ${randomUUID().slice(0, 8)}` })
      .select('id')
      .single(),
  )
  return exam.id
}

/** Codes of this file's exam, inserted in one statement by the administrator, as the screen does. */
async function generate(rows: Omit<TablesInsert<'login_codes'>, 'code'>[], exam = examId): Promise<string[]> {
  const inserted = must(
    await admin
      .from('login_codes')
      .insert(rows.map((row) => ({ code: randomCode(), exam_id: exam, ...row })))
      .select('code'),
  )
  return inserted.map((row) => row.code)
}

/** An attempt started with `code` on the server and not submitted. */
async function startAttempt(code: string, studentName: string, exam = examId): Promise<void> {
  succeeded(
    await service.from('exam_attempts').insert({
      id: randomUUID(),
      login_code: code,
      student_name: studentName,
      started_at: isoFromNow(-5 * minute),
      deadline: isoFromNow(30 * minute),
      question_count: 10,
      exam_id: exam,
    }),
  )
}

async function markUsed(code: string): Promise<void> {
  succeeded(
    await service
      .from('login_codes')
      .update({ is_used: true, used_by: 'Used Student', used_at: isoFromNow(-minute) })
      .eq('code', code),
  )
}

async function codeCounts(label?: string) {
  return must(await admin.rpc('admin_login_code_counts', { exam_id: examId, label }))
}

type CodesPage = { total: number; page_offset: number; rows: { code: string; status: string; [field: string]: unknown }[] }

async function codesPage(status: string, options: { label?: string; offset?: number; size?: number } = {}): Promise<CodesPage> {
  const page = must(
    await admin.rpc('admin_login_codes', {
      exam_id: examId,
      status,
      label: options.label,
      page_offset: options.offset ?? 0,
      page_size: options.size ?? 50,
    }),
  )
  return page as unknown as CodesPage
}

beforeAll(async () => {
  admin = await adminClient()
})

afterAll(async () => {
  // Its codes, attempts and log rows' exam go with it (on delete cascade).
  if (examId) succeeded(await service.from('exams').delete().eq('id', examId))
})

describe('available, in use and used', () => {
  let available: string
  let inUse: string
  let used: string
  let startedAndUsed: string

  beforeAll(async () => {
    examId = await newExam()
    ;[available, inUse, used, startedAndUsed] = (await generate([
      { label: '10B', student_name: 'Ada Lovelace' },
      { label: '10B', student_name: 'Blaise Pascal' },
      { label: '10C' },
      {},
    ])) as [string, string, string, string]
    await startAttempt(inUse, 'Blaise Pascal')
    await markUsed(used)
    await startAttempt(startedAndUsed, 'Carl Gauss')
    await markUsed(startedAndUsed)
  })

  it('counts a code started with and not submitted as in use, not available, and lists the labels', async () => {
    expect(await codeCounts()).toEqual({ total: 4, available: 1, in_use: 1, used: 2, labels: ['10B', '10C'] })
    expect(await codeCounts('10B')).toEqual({ total: 2, available: 1, in_use: 1, used: 0, labels: ['10B', '10C'] })
  })

  it('lists each code under its status once, with its label, name and who started it', async () => {
    expect((await codesPage('available')).rows).toMatchObject([
      { code: available, status: 'available', label: '10B', student_name: 'Ada Lovelace', started_by: null },
    ])
    expect((await codesPage('in_use')).rows).toMatchObject([
      { code: inUse, status: 'in_use', label: '10B', student_name: 'Blaise Pascal', started_by: 'Blaise Pascal' },
    ])
    const usedRows = (await codesPage('used')).rows
    expect(usedRows.map((row) => row.code).sort()).toEqual([used, startedAndUsed].sort())
    expect(await codesPage('used', { label: '10C' })).toMatchObject({ total: 1, rows: [{ code: used, used_by: 'Used Student' }] })
  })

  it('gives the dashboard and the exam overview the same available figure as the Login Code Manager', async () => {
    expect(must(await admin.rpc('admin_counts', { exam_id: examId }))).toMatchObject({
      login_codes: 4,
      codes_used: 2,
      codes_available: 1,
    })
    const overview = must(await admin.rpc('admin_exam_overview')) as { id: string; codes_available: number }[]
    expect(overview.find((exam) => exam.id === examId)).toMatchObject({ codes_available: 1, codes_used: 2 })
  })

  it('tells a signed-in user who is not an administrator nothing', async () => {
    const nonAdmin = await nonAdminClient()

    expect(await nonAdmin.rpc('admin_login_code_counts', { exam_id: examId })).toMatchObject({
      data: null,
      error: { code: '42501' },
    })
    expect(await nonAdmin.rpc('admin_login_codes', { exam_id: examId })).toMatchObject({ data: null, error: { code: '42501' } })
  })
})

describe('pages of codes', () => {
  let exam: string
  let codes: string[]

  beforeAll(async () => {
    exam = await newExam()
    // One statement: the batch shares created_at, so the order within it is by name, then code.
    codes = await generate(
      Array.from({ length: 120 }, (_, i) => ({ label: 'Room 4', student_name: `Student ${String(i).padStart(3, '0')}` })),
      exam,
    )
  })

  afterAll(async () => {
    succeeded(await service.from('exams').delete().eq('id', exam))
  })

  const page = async (offset: number, size = 50) =>
    must(
      await admin.rpc('admin_login_codes', { exam_id: exam, status: 'available', page_offset: offset, page_size: size }),
    ) as unknown as CodesPage

  it('reaches every code once, a class list in its order', async () => {
    const pages = [await page(0), await page(50), await page(100)]

    expect(pages.map((p) => [p.total, p.page_offset, p.rows.length])).toEqual([
      [120, 0, 50],
      [120, 50, 50],
      [120, 100, 20],
    ])
    const names = pages.flatMap((p) => p.rows.map((row) => row.student_name))
    expect(names).toEqual(Array.from({ length: 120 }, (_, i) => `Student ${String(i).padStart(3, '0')}`))
    expect(new Set(pages.flatMap((p) => p.rows.map((row) => row.code)))).toEqual(new Set(codes))
  })

  it('gives the last page for one past the end, and refuses a read larger than 500', async () => {
    expect(await page(500)).toMatchObject({ total: 120, page_offset: 100 })
    expect(
      await admin.rpc('admin_login_codes', { exam_id: exam, status: 'available', page_offset: 0, page_size: 501 }),
    ).toMatchObject({ data: null, error: { code: '22023' } })
    expect(await admin.rpc('admin_login_codes', { exam_id: exam, status: 'lost' })).toMatchObject({
      data: null,
      error: { code: '22023' },
    })
  })

  it('generates 500 codes in one statement within seconds', async () => {
    const started = Date.now()
    const made = await generate(
      Array.from({ length: 500 }, () => ({ label: 'Hall' })),
      exam,
    )

    expect(made).toHaveLength(500)
    expect(await codeCountsOf(exam, 'Hall')).toMatchObject({ total: 500, available: 500 })
    // Generous for a loaded machine; a trigger or index gone quadratic takes minutes.
    expect(Date.now() - started).toBeLessThan(20_000)
  })
})

async function codeCountsOf(exam: string, label: string) {
  return must(await admin.rpc('admin_login_code_counts', { exam_id: exam, label }))
}

describe('labels and names', () => {
  beforeAll(async () => {
    examId ??= await newExam()
  })

  it('records a batch with its label and how many were named, never the names', async () => {
    const since = must(await admin.from('audit_log').select('id').order('id', { ascending: false }).limit(1))[0]?.id ?? 0
    const codes = await generate([
      { label: '11A', student_name: 'Emmy Noether' },
      { label: '11A', student_name: 'Sophie Germain' },
      { label: '11A' },
    ])

    const rows = must(await admin.from('audit_log').select('*').gt('id', since).eq('exam_id', examId).order('id'))
    expect(rows).toMatchObject([{ action: 'codes_generated', details: { count: 3, label: '11A', named_codes: 2 } }])
    expect(JSON.stringify(rows[0]?.details)).not.toContain('Noether')
    expect(codes).toHaveLength(3)
  })

  it('leaves the label out of a batch of mixed labels', async () => {
    const since = must(await admin.from('audit_log').select('id').order('id', { ascending: false }).limit(1))[0]?.id ?? 0
    await generate([{ label: '11A' }, { label: '11B' }])

    const rows = must(await admin.from('audit_log').select('details').gt('id', since).eq('exam_id', examId))
    expect(rows).toHaveLength(1)
    expect(rows[0]?.details).not.toHaveProperty('label')
    expect(rows[0]?.details).not.toHaveProperty('named_codes')
  })

  it.each([
    ['a label over 60 characters', { label: 'x'.repeat(61) }],
    ['an empty label', { label: '' }],
    ['a label with spaces around it', { label: ' 10B ' }],
    ['a name over 100 characters', { student_name: 'x'.repeat(101) }],
    ['a name of spaces', { student_name: '   ' }],
  ])('refuses %s', async (_, row) => {
    const { error } = await admin.from('login_codes').insert({ code: randomCode(), exam_id: examId, ...row })

    expect(error?.code).toBe('23514')
  })

  it('lets a signed-in user who is not an administrator write no code', async () => {
    const nonAdmin = await nonAdminClient()
    const { error } = await nonAdmin.from('login_codes').insert({ code: randomCode(), exam_id: examId, label: '10B' })

    expect(error).not.toBeNull()
  })
})
