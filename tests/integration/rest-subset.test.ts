import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jwtKeysFromSecret } from '../../supabase/local/keys.ts'
import { adminClient, serviceClient, stack } from './clients.ts'

// Questions numbered 900-905 belong to this file; other files keep away from that range.
const numbers = [900, 901, 902, 903, 904, 905]
const rows = numbers.map((n, i) => ({
  question_number: n,
  question_text: i % 2 === 0 ? `Rest probe ${n} even` : `Rest probe ${n}, odd`,
  option_a: 'a',
  option_b: 'b',
  option_c: 'c',
  option_d: i === 5 ? '' : 'd',
  correct_answer: (['A', 'B', 'C', 'D', 'A', 'B'] as const)[i] as string,
}))

const service = serviceClient()
const rangeFilter = `question_number=gte.900&question_number=lte.905`

beforeAll(async () => {
  const { error } = await service.from('questions').upsert(rows, { onConflict: 'exam_id,question_number' })
  expect(error).toBeNull()
})

afterAll(async () => {
  await service.from('questions').delete().gte('question_number', 900).lte('question_number', 999)
})

/** A raw PostgREST request as the service role, to look at status codes and headers. */
function rest(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  return fetch(`${stack.url}/rest/v1/${path}`, {
    ...init,
    headers: { apikey: stack.anonKey, Authorization: `Bearer ${stack.serviceRoleKey}`, ...init.headers },
  })
}

async function numbersOf(query: string): Promise<number[]> {
  const res = await rest(`questions?select=question_number&${rangeFilter}&order=question_number&${query}`)
  expect(res.status).toBe(200)
  return ((await res.json()) as Array<{ question_number: number }>).map((r) => r.question_number)
}

describe('select', () => {
  it('returns the chosen columns, aliases and casts', async () => {
    const res = await rest(`questions?select=question_number,text:question_text,n:question_number::text&question_number=eq.900`)
    expect(await res.json()).toEqual([{ question_number: 900, text: 'Rest probe 900 even', n: '900' }])
  })

  it.each([
    ['question_number=eq.901', [901]],
    ['question_number=neq.901', [900, 902, 903, 904, 905]],
    ['question_number=gt.903', [904, 905]],
    ['question_number=lt.902', [900, 901]],
    ['correct_answer=in.(A,"C")', [900, 902, 904]],
    ['correct_answer=not.in.(A,B)', [902, 903]],
    ['question_text=ilike.*ODD', [901, 903, 905]],
    ['question_text=like.*even', [900, 902, 904]],
    ['question_text=eq.Rest probe 901, odd', [901]],
    ['exam_category_id=not.is.null&question_number=lte.901', [900, 901]],
    ['exam_category_id=is.null', []],
    ['or=(question_number.eq.900,correct_answer.eq.D)', [900, 903]],
    ['or=(question_number.eq.900,and(correct_answer.eq.B,option_d.eq.""))', [900, 905]],
    ['not.or=(question_number.lt.902,question_number.gt.903)', [902, 903]],
    ['correct_answer=not.eq.A', [901, 902, 903, 905]],
  ])('filters with %s', async (query, expected) => {
    expect(await numbersOf(query)).toEqual(expected)
  })

  it('orders, limits and offsets', async () => {
    expect(await numbersOf('order=correct_answer.desc,question_number.desc&limit=3')).toEqual([903, 902, 905])
    expect(await numbersOf('limit=2&offset=3')).toEqual([903, 904])
  })

  it('orders nulls first or last', async () => {
    const res = await rest(`exam_schedule?select=exam_name&order=is_active.desc.nullsfirst&limit=1`)
    expect(res.status).toBe(200)
  })

  it('counts exactly with HEAD and reports it in Content-Range', async () => {
    const head = await rest(`questions?${rangeFilter}`, { method: 'HEAD', headers: { Prefer: 'count=exact' } })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-range')).toBe('*/6'.replace('*', '0-5'))
    const paged = await rest(`questions?select=id&${rangeFilter}&limit=2&offset=2`, { headers: { Prefer: 'count=exact' } })
    expect(paged.headers.get('content-range')).toBe('2-3/6')
    const none = await rest(`questions?select=id&question_number=eq.999`, { headers: { Prefer: 'count=exact' } })
    expect(none.headers.get('content-range')).toBe('*/0')
  })

  it('counts through supabase-js', async () => {
    const admin = await adminClient()
    const { count, error } = await admin
      .from('questions')
      .select('id', { count: 'exact', head: true })
      .gte('question_number', 900)
    expect(error).toBeNull()
    expect(count).toBe(6)
  })

  it('returns one object with single() and PGRST116 otherwise', async () => {
    const admin = await adminClient()
    const one = await admin.from('questions').select('question_number').eq('question_number', 902).single()
    expect(one.data).toEqual({ question_number: 902 })
    const many = await admin.from('questions').select('id').gte('question_number', 900).single()
    expect(many.status).toBe(406)
    expect(many.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 6 rows' })
    const maybe = await admin.from('questions').select('id').eq('question_number', 998).maybeSingle()
    expect(maybe).toMatchObject({ data: null, error: null })
  })
})

describe('writes', () => {
  it('inserts with and without a representation', async () => {
    const admin = await adminClient()
    const inserted = await admin
      .from('questions')
      .insert({ question_number: 910, question_text: 'New', correct_answer: 'DESCRIPTIVE' })
      .select('question_number, option_a, correct_answer')
      .single()
    expect(inserted.status).toBe(201)
    expect(inserted.data).toEqual({ question_number: 910, option_a: '', correct_answer: 'DESCRIPTIVE' })
    const minimal = await admin.from('questions').insert([{ question_number: 911, question_text: 'Quiet' }])
    expect(minimal).toMatchObject({ status: 201, data: null, error: null })
  })

  it('upserts on question_number, overwriting the existing row', async () => {
    const admin = await adminClient()
    const before = await service.from('questions').select('id').eq('question_number', 904).single()
    const { data, error } = await admin
      .from('questions')
      .upsert(
        [
          { ...rows[4]!, question_text: 'Overwritten' },
          { ...rows[0]!, question_number: 912 },
        ],
        { onConflict: 'exam_id,question_number' },
      )
      .select('id, question_number, question_text')
    expect(error).toBeNull()
    expect(data).toHaveLength(2)
    expect(data?.find((r) => r.question_number === 904)).toEqual({
      id: before.data?.id,
      question_number: 904,
      question_text: 'Overwritten',
    })
    await service.from('questions').update({ question_text: rows[4]!.question_text }).eq('question_number', 904)
  })

  it('is all or nothing: one bad row in a batch stores none', async () => {
    const admin = await adminClient()
    const { error } = await admin.from('questions').insert([
      { question_number: 913, question_text: 'fine', correct_answer: 'A' },
      { question_number: 914, question_text: 'bad', correct_answer: 'E' },
    ])
    expect(error?.code).toBe('23514')
    const { count } = await service
      .from('questions')
      .select('id', { count: 'exact', head: true })
      .in('question_number', [913, 914])
    expect(count).toBe(0)
  })

  it('updates and deletes with filters, returning rows or nothing', async () => {
    const admin = await adminClient()
    await service.from('questions').insert({ question_number: 920, question_text: 'to change' })
    const updated = await admin
      .from('questions')
      .update({ question_text: 'changed', option_a: 'x' })
      .eq('question_number', 920)
      .select('question_text, option_a')
    expect(updated).toMatchObject({ status: 200, data: [{ question_text: 'changed', option_a: 'x' }] })
    const quiet = await admin.from('questions').update({ option_b: 'y' }).eq('question_number', 920)
    expect(quiet.status).toBe(204)
    const removed = await admin.from('questions').delete().eq('question_number', 920).select('question_number')
    expect(removed.data).toEqual([{ question_number: 920 }])
    const gone = await service.from('questions').select('id').eq('question_number', 920)
    expect(gone.data).toEqual([])
  })

  it('undoes a single() mutation that hit more than one row', async () => {
    const admin = await adminClient()
    const { error } = await admin.from('questions').update({ option_c: 'zz' }).in('question_number', [900, 901]).select().single()
    expect(error?.code).toBe('PGRST116')
    const { data } = await service.from('questions').select('option_c').in('question_number', [900, 901])
    expect(data?.map((r) => r.option_c)).toEqual(['c', 'c'])
  })

  it('refuses an UPDATE or DELETE without a filter, as pg-safeupdate does', async () => {
    const res = await rest('questions', { method: 'DELETE' })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: '21000', message: 'DELETE requires a WHERE clause' })
    const { count } = await service.from('questions').select('id', { count: 'exact', head: true })
    expect(count).toBeGreaterThanOrEqual(56)
  })

  it('treats injection attempts in values as plain values', async () => {
    expect(await numbersOf(`question_text=eq.x' or '1'='1`)).toEqual([])
    const res = await rest(`questions?${rangeFilter}&question_text=eq.${encodeURIComponent("'); delete from questions; --")}`, {
      method: 'DELETE',
    })
    expect(res.status).toBe(204)
    expect(await numbersOf('')).toEqual(numbers)
  })
})

describe('rpc', () => {
  it('calls a function with named arguments', async () => {
    const res = await rest('rpc/check_login_code', {
      method: 'POST',
      body: JSON.stringify({ code: 'NOPE0000' }),
      headers: { 'Content-Type': 'application/json' },
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ outcome: 'invalid' })
  })

  it('answers an unknown function or argument with PGRST202', async () => {
    const unknown = await rest('rpc/drop_everything', { method: 'POST', body: '{}' })
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toMatchObject({ code: 'PGRST202' })
    const wrongArgs = await rest('rpc/check_login_code', { method: 'POST', body: JSON.stringify({ login: 'X' }) })
    expect(wrongArgs.status).toBe(404)
  })
})

describe('rejected shapes', () => {
  it.each([
    ['questions?select=id,login_codes(code)', 400, 'PGRST100'],
    ['questions?select=nope', 400, '42703'],
    ['questions?nope=eq.1', 400, '42703'],
    ['questions?question_number=between.1.5', 400, 'PGRST100'],
    ['questions?question_number=eq.1;drop', 400, '22P02'],
    ['questions?order=question_number.sideways', 400, 'PGRST100'],
    ['questions?select=id::regclass', 400, 'PGRST100'],
    ['questions?or=(question_number.eq.1', 400, 'PGRST100'],
    ['questions?select="question_text"', 400, 'PGRST100'],
    ['no_such_table', 404, 'PGRST205'],
    ['pg_user', 404, 'PGRST205'],
  ])('GET %s → %i %s', async (path, status, code) => {
    const res = await rest(path)
    expect(res.status).toBe(status)
    expect(await res.json()).toMatchObject({ code })
  })

  it('refuses another schema', async () => {
    const res = await rest('users', { headers: { 'Accept-Profile': 'auth' } })
    expect(res.status).toBe(406)
    expect(await res.json()).toMatchObject({ code: 'PGRST106' })
  })

  it('refuses invalid JSON, an unknown column in a body and an unsupported method', async () => {
    const bad = await rest('questions', { method: 'POST', body: '{"question_number":' })
    expect(await bad.json()).toMatchObject({ code: 'PGRST102' })
    const unknown = await rest('questions', { method: 'POST', body: JSON.stringify({ question_number: 930, is_admin: true }) })
    expect(unknown.status).toBe(400)
    expect(await unknown.json()).toMatchObject({ code: 'PGRST204' })
    const put = await rest(`questions?question_number=eq.900`, { method: 'PUT', body: '{}' })
    expect(put.status).toBe(405)
  })

  it('refuses a body over the size limit', async () => {
    const res = await rest('questions', { method: 'POST', body: JSON.stringify({ question_text: 'x'.repeat(9 * 1024 * 1024) }) })
    expect(res.status).toBe(413)
  })
})

describe('keys and tokens', () => {
  it('needs an API key', async () => {
    const res = await fetch(`${stack.url}/rest/v1/exam_schedule`)
    expect(res.status).toBe(401)
  })

  it('refuses tokens signed with another secret, unsigned or expired', async () => {
    const forger = await jwtKeysFromSecret('not-the-stack-secret-not-the-stack-secret')
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')
    const payload = Buffer.from(JSON.stringify({ role: 'service_role', exp: 4102444800 })).toString('base64url')
    const tokens = {
      'wrong secret': forger.serviceRoleKey,
      'alg none': `${header}.${payload}.`,
      garbage: 'not-a-jwt',
    }
    for (const [name, token] of Object.entries(tokens)) {
      const res = await rest('questions?select=correct_answer', { headers: { Authorization: `Bearer ${token}` } })
      expect(res.status, name).toBe(401)
      expect(res.headers.get('www-authenticate'), name).toBe('Bearer')
    }
  })
})
