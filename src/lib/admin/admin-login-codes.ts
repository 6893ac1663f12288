import type * as v from 'valibot'
import { generateUniqueLoginCodes, type RandomBytes } from '../../domain/login-code-generator'
import { adminRequest, type AdminResult } from './admin-result'
import type { ListPage } from './admin-reads'
import { loginCodeCountsSchema, loginCodesPageSchema, parseAnswer } from './rpc-answers'
import type { Tables } from '../api/database.types'
import { getSupabase } from '../api/supabase'
import { inExam } from './admin-exams'

export type LoginCode = Tables<'login_codes'>
/** A code as the Login Code Manager lists it (public.admin_login_codes). */
export type ListedLoginCode = v.InferOutput<typeof loginCodesPageSchema>['rows'][number]
export type LoginCodeStatus = ListedLoginCode['status']
export type LoginCodeCounts = v.InferOutput<typeof loginCodeCountsSchema>

/** Which codes a read covers: one exam's (every exam's when undefined), of one label or all. */
export interface LoginCodeScope {
  examId?: string
  label?: string
}

/** The Login Code Manager's messages (docs/product.md#login-codes). */
export const loginCodesLoadFailed = 'Failed to load login codes'
const generateFailed = 'Failed to generate codes'

/** The counts of the scope's codes (total, available, in use, used) and the labels of its exam. */
export async function loadLoginCodeCounts({ examId, label }: LoginCodeScope): Promise<AdminResult<LoginCodeCounts>> {
  const reply = await adminRequest({ message: loginCodesLoadFailed }, () =>
    getSupabase().rpc('admin_login_code_counts', { exam_id: examId, label }),
  )
  return parseAnswer(reply, loginCodeCountsSchema, loginCodesLoadFailed)
}

/**
 * A page of the scope's codes of one status: available and in use newest first (a batch by name,
 * then code), used ones newest submission first. A page past the end gives the last.
 */
export async function listLoginCodes(
  status: LoginCodeStatus,
  pageIndex: number,
  pageSize: number,
  { examId, label }: LoginCodeScope = {},
): Promise<AdminResult<ListPage<ListedLoginCode>>> {
  const reply = await adminRequest({ message: loginCodesLoadFailed }, () =>
    getSupabase().rpc('admin_login_codes', {
      exam_id: examId,
      status,
      label,
      page_offset: pageIndex * pageSize,
      page_size: pageSize,
    }),
  )
  const page = parseAnswer(reply, loginCodesPageSchema, loginCodesLoadFailed)
  if (!page.ok) return page
  const { rows, total, page_offset } = page.data
  return { ok: true, data: { rows, total, pageIndex: Math.floor(page_offset / pageSize) } }
}

/** Codes a read of every code takes at a time: under hosted PostgREST's 1,000 rows a read. */
export const codesPerRead = 500

/**
 * Every code of the scope with one of `statuses` (Copy all, Export CSV, Print slips), a read at a
 * time, in each list's order.
 */
export async function loadEveryLoginCode(
  statuses: readonly LoginCodeStatus[],
  scope: LoginCodeScope,
): Promise<AdminResult<ListedLoginCode[]>> {
  const codes: ListedLoginCode[] = []
  for (const status of statuses) {
    for (let pageIndex = 0; ; pageIndex++) {
      const page = await listLoginCodes(status, pageIndex, codesPerRead, scope)
      if (!page.ok) return page
      // A page past the end answers the last one again: the list has been read.
      if (page.data.pageIndex !== pageIndex) break
      codes.push(...page.data.rows)
      if ((pageIndex + 1) * codesPerRead >= page.data.total) break
    }
  }
  return { ok: true, data: codes }
}

/** What one press of Generate makes: `count` codes, each for the name at its place when names are given. */
export interface GenerationRequest {
  count: number
  extraMinutes: number
  label: string | null
  names: readonly string[]
}

/** Tries at drawing a batch that no code has taken, checking it and inserting it, before giving up. */
const maxGenerationRounds = 5
/** Candidates are looked up this many at a time: a URL well under any limit, and an answer under max_rows. */
const codesPerLookup = 100
/** PostgreSQL's unique_violation. */
const uniqueViolation = '23505'
/** PostgreSQL's check_violation: a label or name past the limits the form checks first. */
const checkViolation = '23514'

/**
 * `count` new codes with `extraMinutes` of extra time each (and the label, and a name each when
 * names are given), in one insert, unique against each other and against
 * every code there is (the screen shows only a page of them). A batch is drawn, looked up, and
 * inserted only when none of it exists; a code found taken is avoided in the next draw. When
 * another administrator takes one of the codes between the lookup and the insert, the unique
 * constraint refuses the whole insert and the next round starts over.
 */
export async function generateLoginCodes(
  request: GenerationRequest,
  random?: RandomBytes,
  examId?: string,
): Promise<AdminResult<string[]>> {
  const taken = new Set<string>()
  for (let round = 0; round < maxGenerationRounds; round++) {
    const batch = generateUniqueLoginCodes(request.count, taken, random)
    if (!batch.ok) return batch
    const existing = await findExistingCodes(batch.codes)
    if (!existing.ok) return existing
    if (existing.data.length > 0) {
      for (const code of existing.data) taken.add(code)
      continue
    }
    const inserted = await insertLoginCodes(batch.codes, request, examId)
    if (!inserted.ok) return inserted
    if (inserted.data === 'inserted') return { ok: true, data: batch.codes }
    if (inserted.data === 'refused') return { ok: false, error: generateFailed }
  }
  return { ok: false, error: generateFailed }
}

/** Which of `codes` exist, used or not. */
async function findExistingCodes(codes: readonly string[]): Promise<AdminResult<string[]>> {
  const existing: string[] = []
  for (let start = 0; start < codes.length; start += codesPerLookup) {
    const found = await adminRequest({ message: generateFailed }, () =>
      getSupabase()
        .from('login_codes')
        .select('code')
        .in('code', codes.slice(start, start + codesPerLookup)),
    )
    if (!found.ok) return found
    existing.push(...found.data.map((row) => row.code))
  }
  return { ok: true, data: existing }
}

/** Inserts every code, or none: when one of them exists already ('taken'), or a label or name is refused ('refused'). */
function insertLoginCodes(
  codes: readonly string[],
  { extraMinutes, label, names }: GenerationRequest,
  examId: string | undefined,
): Promise<AdminResult<'inserted' | 'taken' | 'refused'>> {
  return adminRequest({ message: generateFailed, preferServerMessage: true }, async () => {
    const { error } = await getSupabase()
      .from('login_codes')
      .insert(
        codes.map((code, i) => inExam({ code, extra_minutes: extraMinutes, label, student_name: names[i] ?? null }, examId)),
      )
    if (!error) return { data: 'inserted' as const, error: null }
    if (error.code === uniqueViolation) return { data: 'taken' as const, error: null }
    // The constraint's own words name tables and columns: the manager's message says it instead.
    if (error.code === checkViolation) return { data: 'refused' as const, error: null }
    return { data: null, error }
  })
}

export function deleteLoginCode(id: string): Promise<AdminResult<null>> {
  return adminRequest({ message: 'Failed to delete login code' }, () => getSupabase().from('login_codes').delete().eq('id', id))
}

/** Gives a code's student `minutes` of extra time; the server moves the deadline of an exam already started. */
export function setExtraMinutes(id: string, minutes: number): Promise<AdminResult<null>> {
  return adminRequest({ message: 'Failed to update extra time', preferServerMessage: true }, () =>
    getSupabase().from('login_codes').update({ extra_minutes: minutes }).eq('id', id),
  )
}
