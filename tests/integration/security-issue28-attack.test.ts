import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import Papa from 'papaparse'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginCodesCsv } from '../../src/domain/login-code-sheet.ts'
import type { Tables } from '../../src/lib/api/database.types.ts'
import type { Outcome } from './attempt-steps.ts'
import { adminClient, anonClient, nonAdminClient, serviceClient, stack, type Client } from './clients.ts'
import { must, randomCode, reportArgs, submitExamArgs, succeeded } from './exam-data.ts'
import { addQuestions, addSitting, codeOf, type Exam } from './exam-week.ts'
import { subscribe } from './realtime-subscriptions.ts'

/**
 * The outside attack on issue 28 (the Proctor Room's notes, seats and orders; codes with a label
 * and a student's name, generated 500 at a time; the site settings), as docs/security.md's
 * attackers would send it: each probe asserts the safe behaviour and fails if the hole were there.
 * The exams, codes and attempts here are this file's own, deleted afterwards; the settings row is
 * put back as it was.
 */

const service = serviceClient()
const anon = anonClient()
let admin: Client
let nonAdmin: Client
let settingsBefore: Tables<'site_settings'>
const exams: Exam[] = []

beforeAll(async () => {
  admin = await adminClient()
  nonAdmin = await nonAdminClient()
  settingsBefore = must(await service.from('site_settings').select('*').single())
})

afterAll(async () => {
  const ids = exams.map((exam) => exam.id)
  succeeded(await service.from('submissions').delete().in('exam_id', ids))
  // The exams' codes, attempts and notes go with them.
  succeeded(await service.from('exams').delete().in('id', ids))
  const { id: _id, ...stored } = settingsBefore
  succeeded(await service.from('site_settings').update(stored).eq('id', true))
})

async function newExam(): Promise<Exam> {
  const exam = must(
    await service
      .from('exams')
      .insert({ name: `Attack 28 ${randomUUID().slice(0, 8)}` })
      .select()
      .single(),
  )
  exams.push(exam)
  await addQuestions(exam, 3, 'B')
  await addSitting(exam)
  return exam
}

/** A code of a new exam, started by its student's device (exam_questions): an attempt in progress. */
async function startedCode(fields: { label?: string; student_name?: string } = {}) {
  const exam = await newExam()
  const code = await codeOf(exam, fields)
  const attemptId = randomUUID()
  const started = must(await anon.rpc('exam_questions', { code, attempt_id: attemptId, student_name: 'Typed Name' })) as Outcome
  expect(started.outcome).toBe('ok')
  return { exam, code, attemptId, started }
}

/** What a raw PostgREST request answers, as an attacker without supabase-js sends it. */
async function rest(path: string, init: RequestInit & { token?: string } = {}) {
  const { token, ...request } = init
  const response = await fetch(`${stack.url}/rest/v1/${path}`, {
    ...request,
    headers: {
      apikey: stack.anonKey,
      authorization: `Bearer ${token ?? stack.anonKey}`,
      'content-type': 'application/json',
      ...request.headers,
    },
  })
  return { status: response.status, body: await response.text() }
}

async function noteLog(code: string) {
  return must(
    await service.from('audit_log').select('details').eq('action', 'attempt_noted').eq('subject', code).order('id'),
  ).map((entry) => entry.details as { seat: string | null; note: string | null })
}

async function accessToken(client: Client): Promise<string> {
  const { data } = await client.auth.getSession()
  if (!data.session) throw new Error('not signed in')
  return data.session.access_token
}

describe('notes and seats, attacked', () => {
  it('are neither read nor written by anon or a signed-in non-administrator: REST, HEAD with a count, note_attempt', async () => {
    const { code, attemptId } = await startedCode()
    succeeded(await admin.rpc('note_attempt', { p_attempt_id: attemptId, p_seat: '7', p_note: 'Secret note' }))
    const nonAdminToken = await accessToken(nonAdmin)

    const anonRead = await rest(`attempt_notes?attempt_id=eq.${attemptId}`)
    expect(anonRead.body).toContain('42501')
    expect(anonRead.body).not.toContain('Secret')
    const anonCount = await rest(`attempt_notes?note=like.*Secret*`, { method: 'HEAD', headers: { prefer: 'count=exact' } })
    expect(anonCount.status).toBeGreaterThanOrEqual(400)
    expect(must(await nonAdmin.from('attempt_notes').select('*'))).toEqual([])
    const { count } = await nonAdmin.from('attempt_notes').select('*', { count: 'exact', head: true }).like('note', '%Secret%')
    expect(count).toBe(0)

    for (const token of [stack.anonKey, nonAdminToken]) {
      const writes = [
        rest('attempt_notes', { token, method: 'POST', body: JSON.stringify({ attempt_id: attemptId, note: 'Forged' }) }),
        rest('attempt_notes', {
          token,
          method: 'POST',
          headers: { prefer: 'resolution=merge-duplicates' },
          body: JSON.stringify({ attempt_id: attemptId, note: 'Forged' }),
        }),
        rest(`attempt_notes?attempt_id=eq.${attemptId}`, { token, method: 'PATCH', body: JSON.stringify({ note: 'Forged' }) }),
        rest(`attempt_notes?attempt_id=eq.${attemptId}`, { token, method: 'DELETE' }),
        rest('rpc/note_attempt', {
          token,
          method: 'POST',
          body: JSON.stringify({ p_attempt_id: attemptId, p_seat: '1', p_note: 'Forged' }),
        }),
      ]
      for (const write of await Promise.all(writes)) expect(write.body).toContain('42501')
    }
    expect(must(await service.from('attempt_notes').select('seat, note').eq('attempt_id', attemptId))).toEqual([
      { seat: '7', note: 'Secret note' },
    ])
    expect(await noteLog(code)).toHaveLength(1)
  })

  it('are written by an administrator only through note_attempt, each version kept in the log: REST writes refused, a second note and a removal logged', async () => {
    const { code, attemptId } = await startedCode()
    succeeded(await admin.rpc('note_attempt', { p_attempt_id: attemptId, p_seat: '12', p_note: 'First version' }))
    const adminToken = await accessToken(admin)
    const writes = [
      rest('attempt_notes', {
        token: adminToken,
        method: 'POST',
        headers: { prefer: 'resolution=merge-duplicates' },
        body: JSON.stringify({ attempt_id: attemptId, seat: '12', note: 'Rewritten quietly' }),
      }),
      rest(`attempt_notes?attempt_id=eq.${attemptId}`, {
        token: adminToken,
        method: 'PATCH',
        body: JSON.stringify({ note: 'Rewritten quietly', noted_by: 'someone@else.example' }),
      }),
      rest(`attempt_notes?attempt_id=eq.${attemptId}`, { token: adminToken, method: 'DELETE' }),
    ]
    for (const write of await Promise.all(writes)) expect(write.body).toContain('42501')
    expect(must(await service.from('attempt_notes').select('note').eq('attempt_id', attemptId))).toEqual([
      { note: 'First version' },
    ])

    succeeded(await admin.rpc('note_attempt', { p_attempt_id: attemptId, p_seat: '12', p_note: 'Second version' }))
    succeeded(await admin.rpc('note_attempt', { p_attempt_id: attemptId, p_seat: ' ', p_note: '' }))
    expect(must(await service.from('attempt_notes').select('note').eq('attempt_id', attemptId))).toEqual([])
    expect(await noteLog(code)).toEqual([
      expect.objectContaining({ seat: '12', note: 'First version' }),
      expect.objectContaining({ seat: '12', note: 'Second version' }),
      expect.objectContaining({ seat: null, note: null }),
    ])
  })

  it.each([
    ['a seat of 21 characters', { p_seat: '1'.repeat(21) }, 'A seat is at most 20 characters.'],
    ['a note of 501 characters', { p_note: 'n'.repeat(501) }, 'A note is at most 500 characters.'],
    ['a seat with a line break', { p_seat: '12\n13' }, 'A seat can hold printable characters only, on one line.'],
    ['a seat with an escape character', { p_seat: '12\u001b[2J' }, 'A seat can hold printable characters only, on one line.'],
    ['a seat with a right-to-left override', { p_seat: '\u202e21' }, 'A seat can hold printable characters only, on one line.'],
    ['a note with a bell', { p_note: 'Left early\u0007' }, 'A note can hold printable characters and line breaks only.'],
    ['a note with a C1 control', { p_note: 'Left\u0085early' }, 'A note can hold printable characters and line breaks only.'],
    [
      'a note with a right-to-left isolate',
      { p_note: 'Moved to \u2067yparc\u2069' },
      'A note can hold printable characters and line breaks only.',
    ],
  ])('refuse %s, saving and logging nothing', async (_case, change, message) => {
    const { code, attemptId } = await startedCode()
    const { error } = await admin.rpc('note_attempt', { p_attempt_id: attemptId, p_seat: '4', p_note: 'Fine', ...change })
    expect(error).toMatchObject({ code: '22023', message })
    expect(must(await service.from('attempt_notes').select('*').eq('attempt_id', attemptId))).toEqual([])
    expect(await noteLog(code)).toEqual([])
  })

  it('keep a note’s line breaks and tabs: a note is more than one line', async () => {
    const { attemptId } = await startedCode()
    succeeded(await admin.rpc('note_attempt', { p_attempt_id: attemptId, p_seat: 'B-4', p_note: 'Moved\r\nto\tspare laptop' }))
    expect(must(await service.from('attempt_notes').select('note').eq('attempt_id', attemptId))).toEqual([
      { note: 'Moved\r\nto\tspare laptop' },
    ])
  })
})

describe('what a student is told, attacked', () => {
  it('never holds a code’s label or name, nor the proctor’s seat or note: all six student functions and the result', async () => {
    const marker = randomUUID().slice(0, 8)
    const secrets = { label: `Label${marker}`, student_name: `Listed${marker}`, seat: `S${marker}`, note: `Note${marker}` }
    const { code, attemptId, started } = await startedCode({ label: secrets.label, student_name: secrets.student_name })
    succeeded(await admin.rpc('note_attempt', { p_attempt_id: attemptId, p_seat: secrets.seat, p_note: secrets.note }))

    const answers: unknown[] = [started]
    answers.push(must(await anon.rpc('check_login_code', { code })))
    answers.push(must(await anon.rpc('exam_questions', { code, attempt_id: attemptId, student_name: 'Typed Name' })))
    answers.push(must(await anon.rpc('report_exam_attempt', reportArgs(attemptId, code, { answered_count: 1 }))))
    answers.push(must(await anon.rpc('resume_exam_attempt', { code, attempt_id: randomUUID(), pin: '123456' })))
    const submitted = must(await anon.rpc('submit_exam', submitExamArgs(code, { submission_id: attemptId }))) as Outcome
    expect(submitted.outcome).toBe('accepted')
    answers.push(submitted)
    answers.push(must(await anon.rpc('lookup_result', { code })))
    // The same code typed as a classmate would with the look-alike spellings reaches the same answers.
    answers.push(must(await anon.rpc('lookup_result', { code: code.toLowerCase() })))

    const told = JSON.stringify(answers)
    for (const secret of Object.values(secrets)) expect(told).not.toContain(secret)
  })
})

describe('codes with a label and a name, attacked', () => {
  it('are read by no one but an administrator: REST, a filter on the name, and Realtime on login_codes', async () => {
    const exam = await newExam()
    const marker = randomUUID().slice(0, 8)
    const watchedByAdmin = await subscribe(admin, [{ event: 'INSERT', table: 'login_codes' }])
    const watchedByNonAdmin = await subscribe(nonAdmin, [{ event: 'INSERT', table: 'login_codes' }])
    try {
      const first = await codeOf(exam, { label: `Room ${marker}`, student_name: `Pupil ${marker}` })
      const anonRead = await rest(`login_codes?student_name=like.*${marker}*&select=code,label,student_name`)
      expect(anonRead.body).toContain('42501')
      expect(anonRead.body).not.toContain(marker)
      expect(must(await nonAdmin.from('login_codes').select('code, label, student_name').like('label', `%${marker}%`))).toEqual(
        [],
      )
      for (const [who, client] of [
        ['anon', anon],
        ['a non-administrator', nonAdmin],
      ] as const) {
        const { error } = await client.rpc('admin_login_codes', { exam_id: exam.id, status: 'available' })
        expect([who, error?.code]).toEqual([who, '42501'])
      }

      // A second insert after the first: once the administrator has both, the non-administrator's socket had its chance.
      const second = await codeOf(exam, { label: `Room ${marker}` })
      for (const code of [first, second])
        await watchedByAdmin.changes.waitFor(
          ({ change }) => (change.new as { code?: string }).code === code,
          `the insert of ${code}`,
        )
      expect(watchedByNonAdmin.changes.items).toEqual([])
    } finally {
      await admin.removeChannel(watchedByAdmin.channel)
      await nonAdmin.removeChannel(watchedByNonAdmin.channel)
    }
  })

  it('keep their label and name as made: an administrator can neither change them (PATCH, upsert) nor hide a rename in the log', async () => {
    const exam = await newExam()
    const code = await codeOf(exam, { label: '7B', student_name: 'Ada Lovelace' })
    const { error: patched } = await admin
      .from('login_codes')
      .update({ student_name: 'Someone Else', label: '7C' })
      .eq('code', code)
    expect(patched?.code).toBe('42501')
    const { error: upserted } = await admin
      .from('login_codes')
      .upsert({ code, exam_id: exam.id, student_name: 'Someone Else' }, { onConflict: 'code' })
    expect(upserted?.code).toBe('42501')
    expect(must(await service.from('login_codes').select('label, student_name').eq('code', code).single())).toEqual({
      label: '7B',
      student_name: 'Ada Lovelace',
    })
  })

  it('refuse more than 500 codes in one administrator’s statement, names or not, generating and logging none', async () => {
    const exam = await newExam()
    const rows = (count: number, named: boolean) =>
      Array.from({ length: count }, (_, i) => ({
        code: randomCode(),
        exam_id: exam.id,
        label: 'Flood',
        ...(named ? { student_name: `Student ${i}` } : {}),
      }))
    for (const named of [false, true]) {
      const { error } = await admin.from('login_codes').insert(rows(501, named))
      expect(error).toMatchObject({ code: '22023', message: 'Generate at most 500 login codes at a time' })
    }
    expect(must(await service.from('login_codes').select('code').eq('exam_id', exam.id))).toEqual([])
    expect(must(await service.from('audit_log').select('id').eq('action', 'codes_generated').eq('exam_id', exam.id))).toEqual([])

    // The manager's largest batch still goes through in one statement, logged once.
    succeeded(await admin.from('login_codes').insert(rows(500, true)))
    const logged = must(await service.from('audit_log').select('details').eq('action', 'codes_generated').eq('exam_id', exam.id))
    expect(logged).toEqual([{ details: expect.objectContaining({ count: 500, label: 'Flood', named_codes: 500 }) }])
  })

  it('count and list a started code as in use and a submitted one as used, never available, in every figure', async () => {
    const { exam, code: started } = await startedCode()
    const spare = await codeOf(exam)
    const submittedCode = await codeOf(exam)
    const submission = submitExamArgs(submittedCode)
    must(await anon.rpc('exam_questions', { code: submittedCode, attempt_id: submission.submission_id, student_name: 'Ada' }))
    expect((must(await anon.rpc('submit_exam', submission)) as Outcome).outcome).toBe('accepted')

    expect(must(await admin.rpc('admin_login_code_counts', { exam_id: exam.id }))).toMatchObject({
      total: 3,
      available: 1,
      in_use: 1,
      used: 1,
    })
    const listed = async (status: string) =>
      (must(await admin.rpc('admin_login_codes', { exam_id: exam.id, status })) as { rows: { code: string }[] }).rows.map(
        (row) => row.code,
      )
    expect([await listed('available'), await listed('in_use'), await listed('used')]).toEqual([
      [spare],
      [started],
      [submittedCode],
    ])
    expect(must(await admin.rpc('admin_counts', { exam_id: exam.id }))).toMatchObject({ codes_available: 1 })
    const overview = must(await admin.rpc('admin_exam_overview')) as { id: string; codes_available: number }[]
    expect(overview.find((row) => row.id === exam.id)).toMatchObject({ codes_available: 1 })
  })

  it('come out of the CSV as text when a pasted name or label is a formula', async () => {
    const exam = await newExam()
    const formulas = ['=HYPERLINK("http://evil.example","Click")', '+1+1', '-2+3', '@SUM(1,1)', '\t=1+1', "=cmd|' /C calc'!A0"]
    for (const formula of formulas) await codeOf(exam, { label: formula, student_name: formula })
    const page = must(await admin.rpc('admin_login_codes', { exam_id: exam.id, status: 'available', page_size: 500 })) as {
      rows: { code: string; label: string | null; student_name: string | null }[]
    }
    expect(page.rows.map((row) => row.student_name).sort()).toEqual([...formulas].sort())

    const parsed = Papa.parse<string[]>(loginCodesCsv(page.rows, exam.name, null).replace(/^\ufeff/, ''), {
      skipEmptyLines: true,
    })
    const cells = parsed.data.slice(1).flatMap((row) => [row[1], row[2]])
    for (const cell of cells.filter((text) => text !== '')) expect(cell).toMatch(/^'/)
  })
})

describe('the site settings, attacked', () => {
  const school = {
    institution_name: 'Springfield High School',
    contact_email: 'exams@springfield.example',
    contact_phone: '+44 20 7946 0000',
    address: '742 Evergreen Terrace',
    product_name: 'Springfield Exams',
  }

  it('are changed by no one but an administrator, and read by anyone as the five public fields only', async () => {
    succeeded(await admin.rpc('save_site_settings', school))
    const nonAdminToken = await accessToken(nonAdmin)
    for (const token of [stack.anonKey, nonAdminToken]) {
      const attempts = [
        rest('rpc/save_site_settings', { token, method: 'POST', body: JSON.stringify({ ...school, product_name: 'Hijacked' }) }),
        rest('site_settings?id=eq.true', { token, method: 'PATCH', body: JSON.stringify({ product_name: 'Hijacked' }) }),
        rest('site_settings', {
          token,
          method: 'POST',
          headers: { prefer: 'resolution=merge-duplicates' },
          body: JSON.stringify({ id: true, product_name: 'Hijacked' }),
        }),
      ]
      for (const attempt of await Promise.all(attempts)) expect(attempt.body).toMatch(/42501/)
    }
    // An administrator cannot name someone else as the last to save, nor backdate it.
    const extra = await admin.rpc('save_site_settings', { ...school, updated_by: 'someone@else.example' } as never)
    expect(extra.error?.code).toBe('PGRST202')

    const read = await rest('rpc/site_settings')
    expect(JSON.parse(read.body)).toEqual([school])
    for (const hidden of ['updated_by', 'updated_at', 'id']) {
      const widened = await rest(`rpc/site_settings?select=${hidden}`)
      expect(widened.body).not.toContain(stack.adminEmail)
      expect(widened.status).toBeGreaterThanOrEqual(400)
    }
    // Neither the settings nor the notes travel on Realtime: only the tables docs/security.md lists are published.
    const schema = await readFile(new URL('../../supabase/schema.sql', import.meta.url), 'utf8')
    const published = [...schema.matchAll(/ALTER PUBLICATION supabase_realtime ADD TABLE public\.(\w+);/g)].map((m) => m[1])
    expect(published).not.toContain('site_settings')
    expect(published).not.toContain('attempt_notes')
  })

  it.each([
    ['a Bcc through the link', 'exams@springfield.example?bcc=spy%40evil.example'],
    ['a body through the link', 'exams@springfield.example?body=Send%20your%20code'],
    ['a second address', 'exams@springfield.example,spy@evil.example'],
    ['a script scheme', 'javascript:alert(1)//@evil.example'],
    ['markup', '"><img src=x onerror=alert(1)>@evil.example'],
    ['an escaped at sign', 'exams%40springfield.example@evil.example'],
    ['a path', 'exams@evil.example/phish'],
  ])('refuse a contact e-mail with %s, leaving the footer as it was', async (_case, contactEmail) => {
    succeeded(await admin.rpc('save_site_settings', school))
    const { error } = await admin.rpc('save_site_settings', { ...school, contact_email: contactEmail })
    expect(error).toMatchObject({ code: '22023', message: 'Enter a contact e-mail address such as exams@school.org' })
    expect(must(await anon.rpc('site_settings'))[0]?.contact_email).toBe(school.contact_email)
  })

  it.each([
    ['institution_name', 'institution name', 'Springfield\nHigh'],
    ['institution_name', 'institution name', 'Springfield \u202eloohcS'],
    ['address', 'address', '742 Evergreen Terrace\u0007'],
    ['address', 'address', 'Line one\r\nLine two'],
    ['product_name', 'product name', 'Exams\u001b]0;Hijacked\u0007'],
    ['product_name', 'product name', 'Exams\u2066'],
  ])('refuse a %s with a control character or a direction override, in the screen’s words', async (field, words, value) => {
    succeeded(await admin.rpc('save_site_settings', school))
    const { error } = await admin.rpc('save_site_settings', { ...school, [field]: value })
    expect(error).toMatchObject({ code: '22023', message: `The ${words} can hold printable characters only, on one line` })
    expect(must(await anon.rpc('site_settings'))).toEqual([school])
  })

  it('keep markup as the text it is: the database stores it unchanged for the pages to show as text', async () => {
    const markup = { ...school, institution_name: '<script>alert(1)</script>', product_name: '<b>Bold</b>' }
    succeeded(await admin.rpc('save_site_settings', school))
    succeeded(await admin.rpc('save_site_settings', markup))
    expect(must(await anon.rpc('site_settings'))).toEqual([markup])
    const logged = must(
      await service
        .from('audit_log')
        .select('details')
        .eq('action', 'settings_changed')
        .order('id', { ascending: false })
        .limit(1),
    )
    expect(logged[0]?.details).toMatchObject({
      changes: {
        institution_name: [school.institution_name, markup.institution_name],
        product_name: [school.product_name, markup.product_name],
      },
    })
  })
})

describe('the Proctor Room’s order and filter, attacked', () => {
  it('take the order as a word: SQL in it sorts by name and runs nothing', async () => {
    const exam = await newExam()
    const codes = [await codeOf(exam), await codeOf(exam)]
    for (const [i, code] of codes.entries())
      must(await anon.rpc('exam_questions', { code, attempt_id: randomUUID(), student_name: i === 0 ? 'Zed' : 'Amy' }))
    const byName = must(await admin.rpc('admin_live_attempts', { exam_id: exam.id, order_by: 'name' })).map(
      (row) => row.student_name,
    )
    expect(byName).toEqual(['Amy', 'Zed'])
    for (const order of ["name'; delete from public.attempt_notes; --", "seat' or '1'='1", 'problems)) --', '']) {
      const rows = must(await admin.rpc('admin_live_attempts', { exam_id: exam.id, order_by: order }))
      expect(rows.map((row) => row.student_name)).toEqual(byName)
    }
    expect(must(await service.from('login_codes').select('code').in('code', codes))).toHaveLength(2)
  })

  it('answer at most max_rows (1,000) a request, however large the page asked for', async () => {
    const exam = await newExam()
    const codes = Array.from({ length: 1001 }, () => ({ code: randomCode(), exam_id: exam.id }))
    succeeded(await service.from('login_codes').insert(codes))
    const startedAt = new Date().toISOString()
    succeeded(
      await service.from('exam_attempts').insert(
        codes.map(({ code }) => ({
          id: randomUUID(),
          login_code: code,
          exam_id: exam.id,
          student_name: `Student ${code}`,
          started_at: startedAt,
          deadline: new Date(Date.now() + 30 * 60_000).toISOString(),
          question_count: 3,
          last_seen: startedAt,
        })),
      ),
    )
    for (const order_by of ['name', 'seat', 'problems']) {
      const page = must(await admin.rpc('admin_live_attempts', { exam_id: exam.id, order_by }).range(0, 4999))
      expect([order_by, page.length]).toEqual([order_by, 1000])
    }
    const counts = must(await admin.rpc('admin_live_attempt_counts', { exam_id: exam.id })) as Record<string, number>
    expect(counts.on_track).toBe(1001)
  })

  it('list only the exam asked for, and nothing to a signed-in non-administrator, in any order or with a filter', async () => {
    const mine = await startedCode()
    const other = await startedCode()
    const listed = must(await admin.rpc('admin_live_attempts', { exam_id: mine.exam.id })).map((row) => row.login_code)
    expect(listed).toEqual([mine.code])
    for (const order_by of ['name', 'seat', 'problems'])
      expect(must(await nonAdmin.rpc('admin_live_attempts', { exam_id: other.exam.id, order_by }))).toEqual([])
    // A filter on the function's rows widens nothing: refused, or applied to the caller's own (none).
    const filtered = await nonAdmin.rpc('admin_live_attempts', {}).or(`exam_id.eq.${mine.exam.id},exam_id.neq.${mine.exam.id}`)
    expect(filtered.data ?? []).toEqual([])
  })
})
