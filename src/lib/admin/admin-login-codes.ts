import { generateUniqueLoginCodes, type RandomBytes } from '../../domain/login-code-generator'
import { adminRequest, type AdminResult } from './admin-result'
import { readPage, type ListPage } from './admin-reads'
import type { Tables } from '../api/database.types'
import { getSupabase } from '../api/supabase'
import { inExam } from './admin-exams'

export type LoginCode = Tables<'login_codes'>

/** The Login Code Manager's messages (docs/product.md#login-codes). */
export const loginCodesLoadFailed = 'Failed to load login codes'
const generateFailed = 'Failed to generate codes'

/** A page of the available (`used` false) or used codes of `examId` (of every exam when undefined), newest first. */
export function listLoginCodes(
  used: boolean,
  pageIndex: number,
  pageSize: number,
  examId?: string,
): Promise<AdminResult<ListPage<LoginCode>>> {
  return readPage(loginCodesLoadFailed, pageIndex, pageSize, (from, to) => {
    const query = getSupabase().from('login_codes').select('*', { count: 'exact' }).eq('is_used', used)
    return (
      (examId ? query.eq('exam_id', examId) : query)
        // Codes made in one batch share created_at; the id keeps their order the same from page to page.
        .order('created_at', { ascending: false })
        .order('id')
        .range(from, to)
    )
  })
}

/** Tries at drawing a batch that no code has taken, checking it and inserting it, before giving up. */
const maxGenerationRounds = 5
/** Candidates are looked up this many at a time: a URL well under any limit, and an answer under max_rows. */
const codesPerLookup = 100
/** PostgreSQL's unique_violation. */
const uniqueViolation = '23505'

/**
 * `count` new codes with `extraMinutes` of extra time each, unique against each other and against
 * every code there is (the screen shows only a page of them). A batch is drawn, looked up, and
 * inserted only when none of it exists; a code found taken is avoided in the next draw. When
 * another administrator takes one of the codes between the lookup and the insert, the unique
 * constraint refuses the whole insert and the next round starts over.
 */
export async function generateLoginCodes(
  count: number,
  extraMinutes: number,
  random?: RandomBytes,
  examId?: string,
): Promise<AdminResult<string[]>> {
  const taken = new Set<string>()
  for (let round = 0; round < maxGenerationRounds; round++) {
    const batch = generateUniqueLoginCodes(count, taken, random)
    if (!batch.ok) return batch
    const existing = await findExistingCodes(batch.codes)
    if (!existing.ok) return existing
    if (existing.data.length > 0) {
      for (const code of existing.data) taken.add(code)
      continue
    }
    const inserted = await insertLoginCodes(batch.codes, extraMinutes, examId)
    if (!inserted.ok) return inserted
    if (inserted.data === 'inserted') return { ok: true, data: batch.codes }
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

/** Inserts every code, or, when one of them exists already, none ('taken'). */
function insertLoginCodes(
  codes: readonly string[],
  extraMinutes: number,
  examId: string | undefined,
): Promise<AdminResult<'inserted' | 'taken'>> {
  return adminRequest({ message: generateFailed, preferServerMessage: true }, async () => {
    const { error } = await getSupabase()
      .from('login_codes')
      .insert(codes.map((code) => inExam({ code, extra_minutes: extraMinutes }, examId)))
    if (!error) return { data: 'inserted' as const, error: null }
    return error.code === uniqueViolation ? { data: 'taken' as const, error: null } : { data: null, error }
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
