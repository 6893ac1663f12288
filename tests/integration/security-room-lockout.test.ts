import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, describe, expect, it } from 'vitest'
import type { Database } from '../../src/lib/api/database.types.ts'
import { adminClient, anonClient, anonClientWith, nonAdminClient, serviceClient, stack } from './clients.ts'
import {
  attemptsEndedAfterEachTest,
  isoFromNow,
  loginCodesPerFile,
  minute,
  must,
  submitExamArgs,
  succeeded,
  codeStatus,
} from './exam-data.ts'

/**
 * One client must not lock its room out (issue 23, migration 20261127000500): wrong codes are
 * limited per browser (the app's x-holdfast-client id) before they can add up to the limit of
 * the address the room shares, a call that proves its attempt is never limited, and the Proctor
 * Room sees and clears a limited address.
 */

/** Failed guesses one browser may make in 10 minutes, and one address (the migrations say why). */
const clientLimit = 50
const addressLimit = 20_000

const service = serviceClient()
const { newCode, unknownCode } = loginCodesPerFile()
const started = attemptsEndedAfterEachTest()

/** Addresses of this file only (TEST-NET-1), as a gateway names them in X-Forwarded-For. */
const addresses = {
  sharedByTwo: '192.0.2.31',
  scripted: '192.0.2.32',
  limited: '192.0.2.33',
  listed: '192.0.2.34',
  oneBrowserLimited: '192.0.2.35',
  cleared: '192.0.2.36',
  trusted: '192.0.2.37',
  trustExpires: '192.0.2.38',
  trustEnded: '192.0.2.39',
  notTrusted: '192.0.2.40',
  trustLogged: '192.0.2.41',
}

// The browsers' own counts are out of the API's reach; they name only these addresses.
afterAll(async () => {
  succeeded(await service.from('code_guess_failures').delete().in('client_address', Object.values(addresses)))
  succeeded(await service.from('trusted_addresses').delete().in('client_address', Object.values(addresses)))
})

type Client = SupabaseClient<Database>

/** A browser of the student app at `address`, with its own id. */
const browserAt = (address: string): Client => anonClientWith({ 'X-Forwarded-For': address })

/** A script at `address` that sends no browser id: the address's one unnamed client. */
async function scriptChecks(address: string, code: string): Promise<unknown> {
  const res = await fetch(`${stack.url}/rest/v1/rpc/check_login_code`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'Content-Type': 'application/json', 'X-Forwarded-For': address },
    body: JSON.stringify({ code }),
  })
  expect(res.status).toBe(200)
  return codeStatus(await res.json())
}

async function addressFailures(address: string): Promise<number> {
  const rows = must(await service.from('code_guess_failures').select('failures').eq('client_address', address))
  return rows.reduce((sum, row) => sum + row.failures, 0)
}

/** The start of the minute `offsetMs` from now: the bucket the database counts a failure in. */
function minuteFromNow(offsetMs: number): string {
  return new Date(Math.floor((Date.now() + offsetMs) / minute) * minute).toISOString()
}

/** As if `address` had made `failures` wrong guesses `offsetMs` from now (its browsers' own counts untouched). */
async function recordAddressFailures(address: string, failures: number, offsetMs = 0): Promise<void> {
  succeeded(
    await service.from('code_guess_failures').insert({ client_address: address, minute: minuteFromNow(offsetMs), failures }),
  )
}

async function guessWrong(client: Client, times: number): Promise<string[]> {
  const answers: string[] = []
  for (let n = 0; n < times; n++) answers.push(codeStatus(must(await client.rpc('check_login_code', { code: unknownCode() }))))
  return answers
}

/** Starts `code` as a device would, with its own attempt id, and answers the outcome and the id. */
async function start(client: Client, code: string): Promise<{ outcome: string; attemptId: string }> {
  const attemptId = randomUUID()
  const answer = must(await client.rpc('exam_questions', { code, attempt_id: attemptId, student_name: 'Room Student' })) as {
    outcome: string
  }
  if (answer.outcome === 'ok') started.push(attemptId)
  return { outcome: answer.outcome, attemptId }
}

describe('a browser making wrong guesses', () => {
  it('is limited on its own, while another browser at the same address still checks and starts its code', async () => {
    const guesser = browserAt(addresses.sharedByTwo)
    const classmate = browserAt(addresses.sharedByTwo)
    const code = await newCode()

    expect(new Set(await guessWrong(guesser, clientLimit))).toEqual(new Set(['invalid']))
    expect(await guessWrong(guesser, 3)).toEqual(['rate_limited', 'rate_limited', 'rate_limited'])
    expect(codeStatus(must(await guesser.rpc('check_login_code', { code })))).toBe('rate_limited')
    expect(await start(guesser, code)).toMatchObject({ outcome: 'rate_limited' })
    // Refused guesses add nothing to the address the room shares.
    expect(await addressFailures(addresses.sharedByTwo)).toBe(clientLimit)

    expect(codeStatus(must(await classmate.rpc('check_login_code', { code })))).toBe('valid')
    expect(await start(classmate, code)).toMatchObject({ outcome: 'ok' })
  })

  it('limits a script that sends no browser id, and not the students beside it', async () => {
    const code = await newCode()
    for (let n = 0; n < clientLimit; n++) expect(await scriptChecks(addresses.scripted, unknownCode())).toBe('invalid')
    expect(await scriptChecks(addresses.scripted, code)).toBe('rate_limited')
    expect(codeStatus(must(await browserAt(addresses.scripted).rpc('check_login_code', { code })))).toBe('valid')
  })
})

describe('an address over its limit', () => {
  it('still serves a resume and takes a submission that prove their attempt, and refuses what could be a guess', async () => {
    const device = browserAt(addresses.limited)
    const code = await newCode()
    const { outcome, attemptId } = await start(device, code)
    expect(outcome).toBe('ok')
    await recordAddressFailures(addresses.limited, addressLimit)

    const otherDevice = browserAt(addresses.limited)
    expect(codeStatus(must(await otherDevice.rpc('check_login_code', { code: await newCode() })))).toBe('rate_limited')
    expect(codeStatus(must(await otherDevice.rpc('check_login_code', { code })))).toBe('rate_limited')
    // Only the attempt's own id and code prove it: a wrong one of either is refused as a guess.
    expect(must(await otherDevice.rpc('exam_questions', { code, attempt_id: randomUUID() }))).toEqual({ outcome: 'rate_limited' })
    expect(must(await otherDevice.rpc('exam_questions', { code: unknownCode(), attempt_id: attemptId }))).toEqual({
      outcome: 'rate_limited',
    })

    // The page reloaded: a new browser id, the same attempt.
    const resumed = must(await browserAt(addresses.limited).rpc('exam_questions', { code, attempt_id: attemptId })) as {
      outcome: string
      questions: unknown[]
    }
    expect(resumed.outcome).toBe('ok')
    expect(resumed.questions.length).toBeGreaterThan(0)

    const firstSubmission = submitExamArgs(await newCode())
    expect(must(await device.rpc('submit_exam', firstSubmission))).toEqual({ outcome: 'rate_limited' })
    expect(must(await device.rpc('submit_exam', submitExamArgs(unknownCode(), { submission_id: attemptId })))).toEqual({
      outcome: 'rate_limited',
    })
    expect(must(await device.rpc('submit_exam', submitExamArgs(code, { submission_id: attemptId })))).toMatchObject({
      outcome: 'accepted',
      submission_id: attemptId,
    })
    expect(await addressFailures(addresses.limited)).toBe(addressLimit)
  })
})

interface GuessingLimit {
  client_address: string
  failures: number
  limited: boolean
  limited_clients: number
  since: string | null
  clears_at: string | null
  trusted_until: string | null
}

async function limitOf(admin: Client, address: string): Promise<GuessingLimit | undefined> {
  const rows = must(await admin.rpc('admin_guessing_limits')) as GuessingLimit[]
  return rows.find((row) => row.client_address === address)
}

describe('the Proctor Room', () => {
  it('sees a limited address with when it clears, and a limited browser at an address', async () => {
    const admin = await adminClient()
    // The oldest minute's 15,000 keep it limited: it clears when they are 10 minutes old.
    await recordAddressFailures(addresses.listed, 15_000, -3 * minute)
    await recordAddressFailures(addresses.listed, 6_000, -minute)
    const oldestMinute = Date.parse(minuteFromNow(-3 * minute))
    const listed = await limitOf(admin, addresses.listed)
    expect(listed).toMatchObject({ failures: 21_000, limited: true, limited_clients: 0 })
    expect(Date.parse(listed?.since ?? '')).toBe(oldestMinute)
    expect(Date.parse(listed?.clears_at ?? '')).toBe(oldestMinute + 10 * minute)

    await guessWrong(browserAt(addresses.oneBrowserLimited), clientLimit)
    expect(await limitOf(admin, addresses.oneBrowserLimited)).toMatchObject({
      failures: clientLimit,
      limited: false,
      limited_clients: 1,
    })
    expect(await limitOf(admin, '192.0.2.250')).toBeUndefined()
  })

  it('lets an administrator clear an address, recorded in the activity log; nobody else can read or clear it', async () => {
    const admin = await adminClient()
    await recordAddressFailures(addresses.cleared, addressLimit)
    const code = await newCode()
    expect(codeStatus(must(await browserAt(addresses.cleared).rpc('check_login_code', { code })))).toBe('rate_limited')

    for (const outsider of [anonClient(), await nonAdminClient()]) {
      expect((await outsider.rpc('admin_guessing_limits')).error?.code).toBe('42501')
      expect((await outsider.rpc('clear_guessing_limit', { address: addresses.cleared })).error?.code).toBe('42501')
    }
    expect(await addressFailures(addresses.cleared)).toBe(addressLimit)

    expect(must(await admin.rpc('clear_guessing_limit', { address: addresses.cleared }))).toEqual({
      outcome: 'cleared',
      failures: addressLimit,
    })
    expect(codeStatus(must(await browserAt(addresses.cleared).rpc('check_login_code', { code })))).toBe('valid')
    expect(await limitOf(admin, addresses.cleared)).toBeUndefined()
    const logged = must(
      await service
        .from('audit_log')
        .select('actor, action, subject, details')
        .eq('action', 'guessing_limit_cleared')
        .eq('subject', addresses.cleared),
    )
    expect(logged).toEqual([
      {
        actor: stack.adminEmail,
        action: 'guessing_limit_cleared',
        subject: addresses.cleared,
        details: { failures: addressLimit },
      },
    ])
    expect(must(await admin.rpc('clear_guessing_limit', { address: addresses.cleared }))).toEqual({ outcome: 'nothing_to_clear' })
  })
})

/** The minutes "Clear and stop limiting this network" trusts an address for. */
const trustMinutes = 120

async function trustedUntilOf(address: string): Promise<string | undefined> {
  const rows = must(await service.from('trusted_addresses').select('trusted_until').eq('client_address', address))
  return rows[0]?.trusted_until
}

describe('a network an administrator trusts', () => {
  it('lets a fresh browser start while the address is over its limit, and still refuses a browser over its own 50', async () => {
    const admin = await adminClient()
    await recordAddressFailures(addresses.trusted, addressLimit)
    expect(codeStatus(must(await browserAt(addresses.trusted).rpc('check_login_code', { code: await newCode() })))).toBe(
      'rate_limited',
    )

    const before = Date.now()
    const trusted = must(
      await admin.rpc('clear_guessing_limit', { address: addresses.trusted, trust_minutes: trustMinutes }),
    ) as {
      outcome: string
      failures: number
      trusted_until: string
    }
    expect(trusted).toMatchObject({ outcome: 'trusted', failures: addressLimit })
    expect(Date.parse(trusted.trusted_until)).toBeGreaterThanOrEqual(before + trustMinutes * minute - minute)
    expect(Date.parse(trusted.trusted_until)).toBeLessThanOrEqual(Date.now() + trustMinutes * minute + minute)

    // The script goes on changing its id on every guess: the address is over its limit again.
    await recordAddressFailures(addresses.trusted, addressLimit)
    const guesser = browserAt(addresses.trusted)
    expect(new Set(await guessWrong(guesser, clientLimit))).toEqual(new Set(['invalid']))
    expect(await guessWrong(guesser, 2)).toEqual(['rate_limited', 'rate_limited'])
    expect(await start(guesser, await newCode())).toMatchObject({ outcome: 'rate_limited' })

    const fresh = browserAt(addresses.trusted)
    const code = await newCode()
    expect(codeStatus(must(await fresh.rpc('check_login_code', { code })))).toBe('valid')
    expect(await start(fresh, code)).toMatchObject({ outcome: 'ok' })

    expect(await limitOf(admin, addresses.trusted)).toMatchObject({
      failures: addressLimit + clientLimit,
      limited: false,
      limited_clients: 1,
      trusted_until: trusted.trusted_until,
    })
  })

  it('ends at its time, after which the address is limited again and the hourly clean-up deletes it', async () => {
    const admin = await adminClient()
    must(await admin.rpc('clear_guessing_limit', { address: addresses.trustExpires, trust_minutes: trustMinutes }))
    await recordAddressFailures(addresses.trustExpires, addressLimit)
    const code = await newCode()
    expect(codeStatus(must(await browserAt(addresses.trustExpires).rpc('check_login_code', { code })))).toBe('valid')

    succeeded(
      await service
        .from('trusted_addresses')
        .update({ trusted_until: isoFromNow(-minute) })
        .eq('client_address', addresses.trustExpires),
    )
    expect(codeStatus(must(await browserAt(addresses.trustExpires).rpc('check_login_code', { code })))).toBe('rate_limited')
    expect(await limitOf(admin, addresses.trustExpires)).toMatchObject({ limited: true, trusted_until: null })

    must(await service.rpc('apply_retention'))
    expect(await trustedUntilOf(addresses.trustExpires)).toBeUndefined()
  })

  it('can be ended early by an administrator, recorded in the activity log', async () => {
    const admin = await adminClient()
    must(await admin.rpc('clear_guessing_limit', { address: addresses.trustEnded, trust_minutes: 30 }))
    const trustedUntil = await trustedUntilOf(addresses.trustEnded)
    await recordAddressFailures(addresses.trustEnded, addressLimit)
    const code = await newCode()
    expect(codeStatus(must(await browserAt(addresses.trustEnded).rpc('check_login_code', { code })))).toBe('valid')

    for (const outsider of [anonClient(), await nonAdminClient()]) {
      expect((await outsider.rpc('end_address_trust', { address: addresses.trustEnded })).error?.code).toBe('42501')
    }
    expect(must(await admin.rpc('end_address_trust', { address: addresses.trustEnded }))).toEqual({ outcome: 'ended' })
    expect(codeStatus(must(await browserAt(addresses.trustEnded).rpc('check_login_code', { code })))).toBe('rate_limited')
    expect(must(await admin.rpc('end_address_trust', { address: addresses.trustEnded }))).toEqual({ outcome: 'not_trusted' })

    const logged = must(
      await service.from('audit_log').select('actor, action, details').eq('subject', addresses.trustEnded).order('id'),
    )
    expect(logged.map((row) => row.action)).toEqual(['guessing_limit_cleared', 'address_trust_ended'])
    expect(logged[1]).toMatchObject({ actor: stack.adminEmail })
    expect(Date.parse(String((logged[1]?.details as { trusted_until?: string }).trusted_until))).toBe(
      Date.parse(trustedUntil ?? ''),
    )
  })

  it('is recorded in the activity log with its minutes, even with nothing to clear', async () => {
    const admin = await adminClient()
    const answer = must(await admin.rpc('clear_guessing_limit', { address: addresses.trustLogged, trust_minutes: 45 })) as {
      trusted_until: string
    }
    expect(answer).toMatchObject({ outcome: 'trusted', failures: 0 })
    const logged = must(
      await service
        .from('audit_log')
        .select('actor, action, details')
        .eq('action', 'guessing_limit_cleared')
        .eq('subject', addresses.trustLogged),
    )
    expect(logged).toHaveLength(1)
    expect(logged[0]).toMatchObject({ actor: stack.adminEmail, details: { failures: 0, trust_minutes: 45 } })
    const details = logged[0]?.details as { trusted_until?: string }
    expect(Date.parse(details.trusted_until ?? '')).toBe(Date.parse(answer.trusted_until))
  })

  it('is refused to anon and non-administrators (42501), and to more than 8 hours or fewer than 0 minutes, changing nothing', async () => {
    const admin = await adminClient()
    await recordAddressFailures(addresses.notTrusted, addressLimit)
    for (const outsider of [anonClient(), await nonAdminClient()]) {
      const refused = await outsider.rpc('clear_guessing_limit', { address: addresses.notTrusted, trust_minutes: trustMinutes })
      expect(refused.error?.code).toBe('42501')
    }
    for (const trust_minutes of [481, -1]) {
      const refused = await admin.rpc('clear_guessing_limit', { address: addresses.notTrusted, trust_minutes })
      expect(refused.error).toMatchObject({ code: '22023', message: 'trust_minutes must be 0 to 480 minutes' })
    }
    expect(await trustedUntilOf(addresses.notTrusted)).toBeUndefined()
    expect(await addressFailures(addresses.notTrusted)).toBe(addressLimit)
    expect(codeStatus(must(await browserAt(addresses.notTrusted).rpc('check_login_code', { code: await newCode() })))).toBe(
      'rate_limited',
    )
  })

  it('is out of reach of the API roles, administrators included: no read, no insert', async () => {
    for (const client of [anonClient(), await nonAdminClient(), await adminClient()]) {
      expect((await client.from('trusted_addresses').select('*')).error?.code).toBe('42501')
      const insert = await client
        .from('trusted_addresses')
        .insert({ client_address: addresses.notTrusted, trusted_until: isoFromNow(trustMinutes * minute), trusted_by: 'x' })
      expect(insert.error?.code).toBe('42501')
    }
    expect(await trustedUntilOf(addresses.notTrusted)).toBeUndefined()
  })
})
