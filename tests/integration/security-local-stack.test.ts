import { spawnSync } from 'node:child_process'
import { chmod, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { createServer, request, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import type { Database } from '../../src/lib/api/database.types.ts'
import { createAuthApi } from '../../supabase/local/auth/auth-api.ts'
import { createUser } from '../../supabase/local/auth/admin-accounts.ts'
import { defaultSignInLimits } from '../../supabase/local/auth/sign-in-rate-limit.ts'
import { parseTrustedProxies } from '../../supabase/local/client-address.ts'
import { startStack, type RunningStack } from '../../supabase/local/stack.ts'
import { adminClient, serviceClient, stack as sharedStack } from './clients.ts'
import { must, randomCode, randomQuestionNumber, succeeded } from './exam-data.ts'

/**
 * Probes of the local stack's own defences (issue 12): who may name the client's address,
 * sign-in limits that cannot lock the administrator out, the headers every answer carries,
 * and a data directory that other users of the machine cannot read.
 *
 * Most run against a stack of this file's own, with a data directory and the built-app folder
 * of a tiny app, and with no trusted proxies (the default): its peers, this test process
 * included, are clients and nothing else.
 */

const admin = { email: 'owner@holdfast.test', password: 'owner-password-1' }
let root: string
let dataDir: string
let own: RunningStack

/** Every entry under `dir` whose mode lets the group or others in, with that mode. */
async function openToOthers(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  const open: string[] = []
  for (const entry of [{ parentPath: dir, name: '' }, ...entries]) {
    const path = join(entry.parentPath, entry.name)
    const { mode } = await stat(path)
    if (mode & 0o077) open.push(`${(mode & 0o777).toString(8)} ${path}`)
  }
  return open
}

/** A supabase-js client of the stack at `url` (Node 20 needs `ws` for Realtime), sending `headers` with every call. */
const clientAt = (url: string, key: string, headers: Record<string, string> = {}) =>
  createClient<Database>(url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
    global: { headers },
  })

const modeOf = async (path: string) => (await stat(path)).mode & 0o777

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'holdfast-security-'))
  const appDir = join(root, 'app')
  await mkdir(join(appDir, 'assets'), { recursive: true })
  await writeFile(
    join(appDir, 'index.html'),
    '<!doctype html><title>Holdfast</title><script type="module" src="/assets/app.js"></script>',
  )
  await writeFile(join(appDir, 'assets', 'app.js'), 'console.log("exam")')
  dataDir = join(root, 'pglite')
  own = await startStack({ port: 0, dataDir, staticDir: appDir, admin })
})

afterAll(async () => {
  await own?.close()
  await rm(root, { recursive: true, force: true })
})

describe('the client address the database is given', () => {
  /** The addresses the database counted a wrong login-code guess against, on `target`. */
  async function guessAndReadAddresses(
    target: { url: string; anonKey: string; serviceRoleKey: string },
    headers: Record<string, string>,
  ) {
    const client = clientAt(target.url, target.anonKey, headers)
    expect((await client.rpc('check_login_code', { code: randomCode() })).data).toEqual({ outcome: 'invalid' })
    const { data, error } = await clientAt(target.url, target.serviceRoleKey).from('code_guess_failures').select('client_address')
    expect(error).toBeNull()
    return new Set((data ?? []).map((row) => row.client_address))
  }

  it('is the connection, whatever X-Forwarded-For, cf-connecting-ip or X-Real-IP a client sends, when no proxy is trusted', async () => {
    const addresses = await guessAndReadAddresses(own, {
      'X-Forwarded-For': '198.51.100.41',
      'cf-connecting-ip': '198.51.100.42',
      'X-Real-IP': '198.51.100.43',
    })
    expect([...addresses]).toEqual(['127.0.0.1'])
  })

  it('behind trusted proxies, is the right-most X-Forwarded-For entry that is not one of them', async () => {
    // The shared test stack trusts 127.0.0.0/8: the left entry is whatever the client wrote.
    const service = serviceClient()
    const forged = '198.51.100.51'
    const client = '203.0.113.51'
    try {
      const addresses = await guessAndReadAddresses(sharedStack, {
        'X-Forwarded-For': `${forged}, ${client}, 127.0.0.2`,
        'cf-connecting-ip': forged,
      })
      expect(addresses.has(client)).toBe(true)
      expect(addresses.has(forged)).toBe(false)
    } finally {
      await service.from('code_guess_failures').delete().in('client_address', [forged, client])
    }
  })

  it('makes /config.json name the Host it was reached at, believing X-Forwarded-Host and -Proto only from a trusted proxy', async () => {
    const forwarded = { 'X-Forwarded-Host': 'exam.school.example', 'X-Forwarded-Proto': 'https' }
    const direct = await fetch(`${own.url}/config.json`, { headers: forwarded })
    expect(((await direct.json()) as { supabaseUrl: string }).supabaseUrl).toBe(own.url)

    const proxied = await fetch(`${sharedStack.url}/config.json`, { headers: forwarded })
    expect(((await proxied.json()) as { supabaseUrl: string }).supabaseUrl).toBe('https://exam.school.example')
    expect(proxied.headers.get('content-security-policy')).toContain("connect-src 'self' wss://exam.school.example;")
  })
})

describe('password sign-in limits', () => {
  const email = 'limits@holdfast.test'
  const password = 'limits-password-1'
  const newcomer = { email: 'limits-newcomer@holdfast.test', password: 'newcomer-password-1' }
  const minute = 60_000

  beforeAll(async () => {
    await createUser(own.db, email, password)
    await createUser(own.db, newcomer.email, newcomer.password)
  })

  /**
   * The auth API over this file's database on a port of its own (its own limit memory), with
   * a stepped clock, trusting this machine as a proxy so each call can come from its own address.
   */
  async function startAuthServer(signInLimits = defaultSignInLimits) {
    let time = Date.parse('2026-11-21T09:00:00Z')
    const handler = createAuthApi({
      db: own.db,
      keys: own.keys,
      trustedProxies: parseTrustedProxies('127.0.0.1'),
      now: () => time,
      signInLimits,
    })
    const server = createServer((req, res) => void handler(req, res, new URL(req.url ?? '/', 'http://localhost')))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    return {
      /** Signs in through supabase-js from `address`. */
      signIn: (address: string, account: string, secret: string) =>
        clientAt(url, own.anonKey, { 'X-Forwarded-For': address }).auth.signInWithPassword({ email: account, password: secret }),
      /** The status and Retry-After of a raw password grant from `address`. */
      status: async (address: string, account: string, secret: string) => {
        const response = await fetch(`${url}/auth/v1/token?grant_type=password`, {
          method: 'POST',
          headers: { apikey: own.anonKey, 'Content-Type': 'application/json', 'X-Forwarded-For': address },
          body: JSON.stringify({ email: account, password: secret }),
        })
        await response.body?.cancel()
        return { status: response.status, retryAfter: response.headers.get('retry-after') }
      },
      advance: (ms: number) => (time += ms),
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    }
  }

  it('lets an account sign in from the room’s address during a flood of 40 made-up e-mails from it', async () => {
    const auth = await startAuthServer()
    const room = '198.51.100.60'
    try {
      for (let attempt = 0; attempt < 40; attempt++) {
        expect((await auth.status(room, `made-up-${attempt}@holdfast.test`, 'wrong-password')).status).toBe(400)
      }
      const { data, error } = await auth.signIn(room, email, password)
      expect(error).toBeNull()
      expect(data.session?.user.email).toBe(email)
      expect((await auth.status(room, newcomer.email, newcomer.password)).status).toBe(200)
    } finally {
      await auth.close()
    }
  })

  it('locks an e-mail at an address after 10 wrong passwords from it: 429 over_request_rate_limit there, right password too, until they leave the window', async () => {
    const auth = await startAuthServer()
    const guesser = '198.51.100.61'
    try {
      for (let attempt = 1; attempt <= 10; attempt++) {
        const { error } = await auth.signIn(guesser, email, `guess-${attempt}`)
        expect(error).toMatchObject({ status: 400, code: 'invalid_credentials' })
      }
      const { error } = await auth.signIn(guesser, email, password)
      expect(error).toMatchObject({ status: 429, code: 'over_request_rate_limit', message: 'Request rate limit reached' })
      expect(await auth.status(guesser, email, password)).toEqual({ status: 429, retryAfter: '300' })

      expect((await auth.status(guesser, newcomer.email, newcomer.password)).status).toBe(200)
      expect((await auth.status('203.0.113.61', email, password)).status).toBe(200)
      auth.advance(5 * minute)
      expect((await auth.status(guesser, email, password)).status).toBe(200)
    } finally {
      await auth.close()
    }
  })

  it('after 50 wrong passwords for an e-mail from many addresses, refuses it at every address it has not signed in from', async () => {
    const auth = await startAuthServer()
    const room = '198.51.100.62'
    try {
      expect((await auth.status(room, email, password)).status).toBe(200)
      // Five from each address: none comes near its own limit of 10.
      for (let attempt = 0; attempt < 50; attempt++) {
        expect((await auth.status(`203.0.113.${attempt % 10}`, email, `guess-${attempt}`)).status).toBe(400)
      }
      expect(await auth.status('203.0.113.99', email, password)).toEqual({ status: 429, retryAfter: '300' })
      expect((await auth.status('203.0.113.0', email, password)).status).toBe(429)
      expect((await auth.status(room, email, password)).status).toBe(200)
      expect((await auth.status('203.0.113.99', newcomer.email, newcomer.password)).status).toBe(200)

      auth.advance(5 * minute)
      expect((await auth.status('203.0.113.99', email, password)).status).toBe(200)
    } finally {
      await auth.close()
    }
  })
})

describe('headers on every answer', () => {
  it('sends a Content-Security-Policy, nosniff and a Referrer-Policy with app files and API answers alike', async () => {
    const paths = [
      '/',
      '/student/test',
      '/assets/app.js',
      '/config.json',
      '/rest/v1/exam_schedule',
      '/auth/v1/user',
      '/nowhere.json',
    ]
    for (const path of paths) {
      const response = await fetch(`${own.url}${path}`, { headers: path.startsWith('/rest') ? { apikey: own.anonKey } : {} })
      await response.body?.cancel()
      expect(response.headers.get('content-security-policy'), path).toBe(
        `default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self' ws://${new URL(own.url).host}; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`,
      )
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff')
      expect(response.headers.get('referrer-policy'), path).toBe('no-referrer')
    }
  })

  it('answers a preflight with them too', async () => {
    const response = await fetch(`${own.url}/rest/v1/exam_schedule`, { method: 'OPTIONS' })
    expect(response.status).toBe(204)
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
  })
})

describe('the data directory', () => {
  it('is readable by its owner alone: the directory 0700, the JWT secret 0600, no database file open to others', async () => {
    expect(await modeOf(dataDir)).toBe(0o700)
    expect(await modeOf(join(dataDir, 'jwt-secret'))).toBe(0o600)
    expect(await openToOthers(dataDir)).toEqual([])
  })

  it('is taken back to that on start when it was opened up', async () => {
    await own.close()
    await chmod(dataDir, 0o755)
    await chmod(join(dataDir, 'jwt-secret'), 0o644)
    await chmod(join(dataDir, 'PG_VERSION'), 0o666)
    own = await startStack({ port: 0, dataDir, admin })
    expect(await openToOthers(dataDir)).toEqual([])
  })

  it('is made as private by `npm run admin` on a brand-new directory, before any server started', async () => {
    const fresh = join(root, 'admin-first')
    const run = spawnSync(
      'npx',
      ['tsx', 'supabase/local/admin-cli.ts', 'add', 'first@holdfast.test', '--password', 'first-pass-1'],
      {
        env: { ...process.env, HOLDFAST_DATA_DIR: fresh },
        encoding: 'utf8',
      },
    )
    expect(run.status, run.stderr).toBe(0)
    expect(await modeOf(fresh)).toBe(0o700)
    expect(await openToOthers(fresh)).toEqual([])
  }, 120_000)
})

describe('request bodies, limited by role before they are read (issue 23)', () => {
  const sevenMegabytes = 7 * 1024 * 1024
  const tooLarge = (limit: number) => ({
    code: 'PGRST413',
    message: 'Payload Too Large',
    details: `A request body may have at most ${limit} bytes.`,
    hint: null,
  })

  /**
   * A POST of `submit_exam` to the shared stack whose body the test writes itself: `declared`
   * names its Content-Length (else it is chunked). Resolves with the answer as soon as it comes.
   */
  function startUpload(declared?: number) {
    const upload = request(new URL('/rest/v1/rpc/submit_exam', sharedStack.url), {
      method: 'POST',
      headers: {
        apikey: sharedStack.anonKey,
        'Content-Type': 'application/json',
        ...(declared === undefined ? {} : { 'Content-Length': String(declared) }),
      },
    })
    // The server may cut the connection once it has answered and dropped enough of the rest.
    upload.on('error', () => {})
    const answered = new Promise<IncomingMessage>((resolve) => upload.once('response', resolve))
    return { upload, answered }
  }

  async function bodyOf(response: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = []
    for await (const chunk of response) chunks.push(chunk as Buffer)
    return JSON.parse(Buffer.concat(chunks).toString('utf8'))
  }

  /** Another client's read, answered while the upload is still under way. */
  async function anotherRequestIsAnswered(): Promise<void> {
    const response = await fetch(`${sharedStack.url}/rest/v1/exam_schedule?select=id&limit=1`, {
      headers: { apikey: sharedStack.anonKey },
    })
    expect(response.status).toBe(200)
    await response.body?.cancel()
  }

  it('refuses a 7 MB anonymous body by its Content-Length with 413 before the client has sent more than 64 KiB of it, and answers others meanwhile', async () => {
    const { upload, answered } = startUpload(sevenMegabytes)
    upload.write(`{"p_code":"${'A'.repeat(64 * 1024)}`)
    const response = await answered
    expect(response.statusCode).toBe(413)
    expect(await bodyOf(response)).toEqual(tooLarge(64 * 1024))
    // The test never writes the rest: the answer cannot have waited for it.
    await anotherRequestIsAnswered()
    upload.destroy()
  })

  it('refuses a chunked anonymous body as soon as it passes 64 KiB, without waiting for the rest', async () => {
    const { upload, answered } = startUpload()
    // 80 KiB of a body that never ends: only a server that stops at the limit answers it.
    upload.write(`{"p_code":"${'A'.repeat(80 * 1024)}`)
    const response = await answered
    expect(response.statusCode).toBe(413)
    expect(await bodyOf(response)).toEqual(tooLarge(64 * 1024))
    await anotherRequestIsAnswered()
    upload.destroy()
  })

  it("still takes an administrator's import of 50 questions with every text at its longest, in 4-byte characters (about 1.8 MB)", async () => {
    const admin = await adminClient()
    const wide = '\u{1D465}'
    const first = randomQuestionNumber()
    const rows = Array.from({ length: 50 }, (_, i) => ({
      question_number: first + i,
      question_text: wide.repeat(5000),
      option_a: wide.repeat(1000),
      option_b: wide.repeat(1000),
      option_c: wide.repeat(1000),
      option_d: wide.repeat(1000),
      correct_answer: 'A',
      exam_category_id: null,
    }))
    expect(Buffer.byteLength(JSON.stringify(rows))).toBeGreaterThan(1_800_000)
    try {
      succeeded(await admin.from('questions').upsert(rows, { onConflict: 'exam_id,question_number' }))
      const stored = must(
        await serviceClient()
          .from('questions')
          .select('question_number')
          .gte('question_number', first)
          .lt('question_number', first + 50),
      )
      expect(stored).toHaveLength(50)
    } finally {
      await serviceClient()
        .from('questions')
        .delete()
        .gte('question_number', first)
        .lt('question_number', first + 50)
      await admin.auth.signOut({ scope: 'local' })
    }
  })
})

describe('the Range header, validated as PostgREST does and never written into SQL (issue 23)', () => {
  async function readWithRange(range: string, prefer?: string) {
    const response = await fetch(`${sharedStack.url}/rest/v1/exam_schedule?select=id`, {
      headers: { apikey: sharedStack.anonKey, Range: range, ...(prefer ? { Prefer: prefer } : {}) },
    })
    return {
      status: response.status,
      body: (await response.json()) as unknown,
      contentRange: response.headers.get('content-range'),
    }
  }

  const unsatisfiable = (details: string) => ({
    code: 'PGRST103',
    message: 'Requested range not satisfiable',
    details,
    hint: null,
  })

  it.each([
    { range: `${'9'.repeat(400)}-`, what: 'a lower bound no float can hold' },
    { range: '100000000000000000000000-', what: 'a lower bound of 10^23' },
    { range: '9223372036854775808-', what: 'a lower bound one past the largest bigint' },
  ])('answers $what with 416 PGRST103, not a database error', async ({ range }) => {
    expect(await readWithRange(range)).toMatchObject({
      status: 416,
      body: unsatisfiable('The lower boundary of the Range header must be at most 9223372036854775807.'),
    })
  })

  it('answers a range whose upper bound passes every number with the rows there are, as PostgREST caps it', async () => {
    const { status, body } = await readWithRange(`0-${'9'.repeat(400)}`)
    expect(status).toBe(200)
    expect(Array.isArray(body)).toBe(true)
  })

  it('reads past the end at the largest bigint offset, with nothing there', async () => {
    expect(await readWithRange('9223372036854775807-')).toMatchObject({ status: 200, body: [] })
  })

  it('refuses an upper bound below the lower one with 416, and ignores what is not a rows range, as PostgREST does', async () => {
    expect(await readWithRange('5-4')).toMatchObject({
      status: 416,
      body: unsatisfiable('The lower boundary must be lower than or equal to the upper boundary in the Range header.'),
    })
    for (const ignored of ['1e23-', '-5', 'rows=0-1', '0-1,3-4', '0x10-']) {
      expect((await readWithRange(ignored)).status, ignored).toBe(200)
    }
  })
})
