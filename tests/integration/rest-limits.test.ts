import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { readMaxRows } from '../../supabase/local/rest/max-rows.ts'
import { quoteIdent } from '../../supabase/local/rest/sql-builder.ts'
import { startStack, type RunningStack } from '../../supabase/local/stack.ts'
import { dropPostgresDatabase, recreatePostgresDatabase } from './fresh-postgres-database.ts'

// Hosted Supabase's limits on PostgREST: max_rows (supabase/config.toml) and the roles'
// statement timeouts. Checked on a stack of this file's own, whose database holds a test-only
// table of 3,000 rows, a view and two functions, so no other file sees them.

// A type, not an interface: supabase-js wants rows that are records.
type ProbeRow = {
  n: number
  label: string
}

type ProbeDatabase = {
  public: {
    Tables: {
      rest_limits_rows: { Row: ProbeRow; Insert: ProbeRow; Update: Partial<ProbeRow>; Relationships: [] }
    }
    Views: {
      rest_limits_even_rows: { Row: ProbeRow; Relationships: [] }
    }
    Functions: {
      rest_limits_rows_upto: { Args: { last_n: number }; Returns: ProbeRow[] }
      rest_limits_sleep: { Args: { seconds: number }; Returns: string }
    }
    Enums: { [_ in never]: never }
    CompositeTypes: { [_ in never]: never }
  }
}

const probeRowCount = 3000

const fixtures = `
  create table public.rest_limits_rows (n int primary key, label text not null);
  alter table public.rest_limits_rows enable row level security;
  revoke all on table public.rest_limits_rows from anon, authenticated;
  grant select on table public.rest_limits_rows to anon, authenticated;
  create policy "Anyone can read the probe rows" on public.rest_limits_rows for select to anon, authenticated using (true);
  insert into public.rest_limits_rows select n, 'row ' || n from generate_series(1, ${probeRowCount}) as n;

  create view public.rest_limits_even_rows with (security_invoker = true) as
    select * from public.rest_limits_rows where n % 2 = 0;
  revoke all on table public.rest_limits_even_rows from anon, authenticated;
  grant select on table public.rest_limits_even_rows to anon, authenticated;

  create function public.rest_limits_rows_upto(last_n int) returns setof public.rest_limits_rows
    language sql stable set search_path = ''
    as $$ select * from public.rest_limits_rows where n <= last_n order by n $$;

  -- Each call leaves a row, so a test can see that a cancelled call left none.
  create table public.rest_limits_sleeps (slept_by text not null, seconds float8 not null);
  alter table public.rest_limits_sleeps enable row level security;
  revoke all on table public.rest_limits_sleeps from anon, authenticated;
  grant insert on table public.rest_limits_sleeps to anon, authenticated;
  create policy "Callers log their sleeps" on public.rest_limits_sleeps for insert to anon, authenticated with check (true);

  create function public.rest_limits_sleep(seconds float8) returns text
    language sql set search_path = ''
    as $$
      insert into public.rest_limits_sleeps (slept_by, seconds) values (current_user, seconds);
      select pg_sleep(seconds);
      select current_setting('statement_timeout');
    $$;
`

const admin = { email: 'limits-owner@holdfast.test', password: 'limits-owner-password' }
let own: RunningStack
/** With TEST_DATABASE_URL, this file's own database beside the shared one, on the same server. */
let ownDatabaseUrl: string | undefined
let anon: SupabaseClient<ProbeDatabase>
let authenticated: SupabaseClient<ProbeDatabase>
let service: SupabaseClient<ProbeDatabase>

function client(key: string): SupabaseClient<ProbeDatabase> {
  return createClient<ProbeDatabase>(own.url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  })
}

beforeAll(async () => {
  const shared = process.env.TEST_DATABASE_URL
  if (shared) {
    const url = new URL(shared)
    url.pathname = `${url.pathname}_rest_limits`
    ownDatabaseUrl = url.href
    await recreatePostgresDatabase(ownDatabaseUrl)
  }
  own = await startStack({ port: 0, databaseUrl: ownDatabaseUrl, admin })
  // Before the first request, which loads the schema the REST layer knows.
  await own.db.exec(fixtures)
  anon = client(own.anonKey)
  service = client(own.serviceRoleKey)
  authenticated = client(own.anonKey)
  const { error } = await authenticated.auth.signInWithPassword(admin)
  expect(error).toBeNull()
})

afterAll(async () => {
  await own?.close()
  if (ownDatabaseUrl) await dropPostgresDatabase(ownDatabaseUrl)
})

/** A raw request as anon, to look at the status, Content-Range and body the client does not show. */
async function rest(path: string, { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {}) {
  const res = await fetch(`${own.url}/rest/v1/${path}`, {
    method,
    headers: { apikey: own.anonKey, Authorization: `Bearer ${own.anonKey}`, ...headers },
  })
  const text = await res.text()
  return {
    status: res.status,
    contentRange: res.headers.get('content-range'),
    body: text === '' ? undefined : (JSON.parse(text) as unknown),
  }
}

/**
 * Gives `role` a statement timeout of its own (null: takes it back), IN DATABASE so that on
 * PostgreSQL, where roles belong to the whole server, the shared stack's roles keep theirs; then
 * has the stack read role settings again, as PostgREST does, and waits until its requests have it.
 */
async function setRoleStatementTimeout(role: 'anon' | 'authenticated', timeout: string | null): Promise<void> {
  const { rows } = await own.db.query<{ name: string }>('select current_database() as name')
  const target = `role ${quoteIdent(role)} in database ${quoteIdent(rows[0]?.name ?? '')}`
  await own.db.exec(
    `${timeout === null ? `alter ${target} reset statement_timeout` : `alter ${target} set statement_timeout = '${timeout}'`};
     notify pgrst, 'reload config'`,
  )
  const caller = role === 'anon' ? anon : authenticated
  const expected = timeout ?? supabaseTimeouts[role]
  await expect.poll(async () => (await caller.rpc('rest_limits_sleep', { seconds: 0 })).data, { timeout: 5000 }).toBe(expected)
}

const supabaseTimeouts = { anon: '3s', authenticated: '8s' }

const countExact = { Prefer: 'count=exact' }

/** `first` … `last`, the values of n a read should return. */
function ns(first: number, last: number): number[] {
  return Array.from({ length: last - first + 1 }, (_, i) => first + i)
}

function nsOf(body: unknown): number[] {
  return (body as ProbeRow[]).map((row) => row.n)
}

describe('max_rows, from supabase/config.toml', () => {
  it('is read from [api] max_rows, is 1000 when the file or the key is absent, and must be a row count', async () => {
    expect(readMaxRows()).toBe(1000)
    const dir = await mkdtemp(join(tmpdir(), 'holdfast-max-rows-'))
    try {
      const config = join(dir, 'config.toml')
      expect(readMaxRows(config)).toBe(1000)
      await writeFile(config, '[db]\nmax_rows = 5\n\n[ api ]\nport = 54321\nmax_rows = 2_500 # rows per read\n')
      expect(readMaxRows(config)).toBe(2500)
      await writeFile(config, '[api]\nport = 54321\n[db]\nmax_rows = 5\n[api]\n[[auth.hook]]\nmax_rows = 6\n')
      expect(readMaxRows(config)).toBe(1000)
      await writeFile(config, '[api]\nmax_rows = "many"\n')
      expect(() => readMaxRows(config)).toThrow('[api] max_rows must be a positive whole number, not ""many""')
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('reads are capped at max_rows as PostgREST caps them', () => {
  it('returns the first 1,000 of 3,000 rows, and says how many there are only when asked to count', async () => {
    const { data, status, count } = await anon.from('rest_limits_rows').select('n').order('n')
    expect({ status, count, ns: data?.map((row) => row.n) }).toEqual({ status: 200, count: null, ns: ns(1, 1000) })
    expect(await rest('rest_limits_rows?select=n&order=n')).toMatchObject({ status: 200, contentRange: '0-999/*' })

    const counted = await anon.from('rest_limits_rows').select('n', { count: 'exact' }).order('n')
    expect({ status: counted.status, count: counted.count, rows: counted.data?.length }).toEqual({
      status: 206,
      count: 3000,
      rows: 1000,
    })
    expect(await rest('rest_limits_rows?select=n&order=n', { headers: countExact })).toMatchObject({
      status: 206,
      contentRange: '0-999/3000',
    })
  })

  it('honours a smaller limit and cuts a larger one to max_rows', async () => {
    const small = await rest('rest_limits_rows?select=n&order=n&limit=10')
    expect({ ...small, body: nsOf(small.body) }).toEqual({ status: 200, contentRange: '0-9/*', body: ns(1, 10) })
    const { data } = await anon.from('rest_limits_rows').select('n').order('n').limit(5000)
    expect(data?.map((row) => row.n)).toEqual(ns(1, 1000))

    const tail = await rest('rest_limits_rows?select=n&order=n&offset=2500&limit=1000', { headers: countExact })
    expect({ ...tail, body: nsOf(tail.body) }).toEqual({ status: 206, contentRange: '2500-2999/3000', body: ns(2501, 3000) })
    const middle = await anon.from('rest_limits_rows').select('n', { count: 'exact' }).order('n').range(1500, 3499)
    expect({ count: middle.count, ns: middle.data?.map((row) => row.n) }).toEqual({ count: 3000, ns: ns(1501, 2500) })
    expect(await rest('rest_limits_rows?select=n&order=n&offset=1500&limit=2000', { headers: countExact })).toMatchObject({
      status: 206,
      contentRange: '1500-2499/3000',
    })
  })

  it('counts with HEAD, with a Range header, with filters, and answers planned and estimated in the same shape', async () => {
    const head = await anon.from('rest_limits_rows').select('*', { count: 'exact', head: true })
    expect({ status: head.status, count: head.count, data: head.data, error: head.error }).toEqual({
      status: 206,
      count: 3000,
      data: null,
      error: null,
    })
    expect(await rest('rest_limits_rows', { method: 'HEAD', headers: countExact })).toEqual({
      status: 206,
      contentRange: '0-999/3000',
      body: undefined,
    })

    const ranged = await rest('rest_limits_rows?select=n&order=n', { headers: { ...countExact, Range: '0-24' } })
    expect({ ...ranged, body: nsOf(ranged.body) }).toEqual({ status: 206, contentRange: '0-24/3000', body: ns(1, 25) })
    // The Range header and limit/offset narrow each other.
    expect(await rest('rest_limits_rows?select=n&order=n&limit=10', { headers: { ...countExact, Range: '5-99' } })).toMatchObject(
      {
        status: 206,
        contentRange: '5-9/3000',
      },
    )
    // RFC 9110 defines Range for GET only, and PostgREST ignores it on HEAD.
    expect(await rest('rest_limits_rows', { method: 'HEAD', headers: { ...countExact, Range: '0-24' } })).toMatchObject({
      contentRange: '0-999/3000',
    })

    const filtered = await anon.from('rest_limits_rows').select('n', { count: 'exact' }).lte('n', 10)
    expect({ status: filtered.status, count: filtered.count }).toEqual({ status: 200, count: 10 })
    for (const count of ['planned', 'estimated'] as const) {
      expect(await rest('rest_limits_rows?select=n', { headers: { Prefer: `count=${count}` } }), count).toMatchObject({
        status: 206,
        contentRange: '0-999/3000',
      })
      const { count: total } = await anon.from('rest_limits_rows').select('*', { count, head: true })
      expect(total, count).toBe(3000)
    }
  })

  it('answers a range at or past the end as PostgREST does', async () => {
    expect(await rest('rest_limits_rows?offset=3000', { headers: countExact })).toEqual({
      status: 206,
      contentRange: '*/3000',
      body: [],
    })
    expect(await rest('rest_limits_rows?offset=3001', { headers: countExact })).toEqual({
      status: 416,
      contentRange: '*/3000',
      body: {
        code: 'PGRST103',
        message: 'Requested range not satisfiable',
        details: 'An offset of 3001 was requested, but there are only 3000 rows.',
        hint: null,
      },
    })
    const { status, error } = await anon.from('rest_limits_rows').select('n', { count: 'exact' }).range(3001, 3010)
    expect({ status, code: error?.code }).toEqual({ status: 416, code: 'PGRST103' })
    // Without a count nothing tells the server the range is past the end.
    expect(await rest('rest_limits_rows?offset=5000')).toEqual({ status: 200, contentRange: '*/*', body: [] })
    expect(await rest('rest_limits_rows?limit=0', { headers: countExact })).toEqual({
      status: 206,
      contentRange: '*/3000',
      body: [],
    })
    expect(await rest('rest_limits_rows', { headers: { Range: '5-2' } })).toMatchObject({
      status: 416,
      body: {
        code: 'PGRST103',
        details: 'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
      },
    })
  })

  it('caps and counts a view', async () => {
    const { data, count, status } = await anon.from('rest_limits_even_rows').select('n', { count: 'exact' }).order('n')
    expect({ status, count, first: data?.[0]?.n, last: data?.at(-1)?.n, rows: data?.length }).toEqual({
      status: 206,
      count: 1500,
      first: 2,
      last: 2000,
      rows: 1000,
    })
    expect(await rest('rest_limits_even_rows', { method: 'HEAD', headers: countExact })).toMatchObject({
      status: 206,
      contentRange: '0-999/1500',
    })
  })

  it('caps and counts the rows of a set-returning function called with POST, GET and HEAD', async () => {
    const posted = await anon.rpc('rest_limits_rows_upto', { last_n: 2500 })
    expect({ status: posted.status, count: posted.count, ns: posted.data?.map((row) => row.n) }).toEqual({
      status: 200,
      count: null,
      ns: ns(1, 1000),
    })
    const counted = await anon.rpc('rest_limits_rows_upto', { last_n: 2500 }, { count: 'exact' })
    expect({ status: counted.status, count: counted.count, rows: counted.data?.length }).toEqual({
      status: 206,
      count: 2500,
      rows: 1000,
    })
    const head = await anon.rpc('rest_limits_rows_upto', { last_n: 2500 }, { count: 'exact', head: true })
    expect({ status: head.status, count: head.count, data: head.data, error: head.error }).toEqual({
      status: 206,
      count: 2500,
      data: null,
      error: null,
    })
    const page = await anon.rpc('rest_limits_rows_upto', { last_n: 2500 }, { get: true, count: 'exact' }).range(10, 19)
    expect({ status: page.status, count: page.count, ns: page.data?.map((row) => row.n) }).toEqual({
      status: 206,
      count: 2500,
      ns: ns(11, 20),
    })
    const few = await anon.rpc('rest_limits_rows_upto', { last_n: 5 }, { count: 'exact' })
    expect({ status: few.status, count: few.count, rows: few.data?.length }).toEqual({ status: 200, count: 5, rows: 5 })

    const raw = await rest('rpc/rest_limits_rows_upto?last_n=2500&offset=2000', { headers: countExact })
    expect({ ...raw, body: nsOf(raw.body) }).toEqual({ status: 206, contentRange: '2000-2499/2500', body: ns(2001, 2500) })
  })

  it("selects some of a set-returning function's columns, and refuses one it has not", async () => {
    const some = await anon.rpc('rest_limits_rows_upto', { last_n: 3 }).select('n')
    expect({ status: some.status, data: some.data }).toEqual({ status: 200, data: [{ n: 1 }, { n: 2 }, { n: 3 }] })
    const all = await anon.rpc('rest_limits_rows_upto', { last_n: 1 }).select('label,n')
    expect(all.data).toEqual([{ label: 'row 1', n: 1 }])
    const unknown = await rest('rpc/rest_limits_rows_upto?last_n=1&select=n,secret')
    expect({ status: unknown.status, code: (unknown.body as { code?: string }).code }).toEqual({ status: 400, code: '42703' })
    const aliased = await rest('rpc/rest_limits_rows_upto?last_n=1&select=number:n')
    expect(aliased.status).toBe(400)
  })

  it('calls with GET and HEAD in a read-only transaction, as PostgREST does', async () => {
    const { status, error } = await anon.rpc('rest_limits_sleep', { seconds: 0 }, { get: true })
    expect({ status, code: error?.code }).toEqual({ status: 405, code: '25006' })
  })
})

describe('role statement timeouts', () => {
  it('are 3 s for anon and 8 s for authenticated, as hosted Supabase sets them, and none for service_role', async () => {
    const timeouts = await Promise.all(
      [anon, authenticated, service].map((caller) => caller.rpc('rest_limits_sleep', { seconds: 0 })),
    )
    expect(timeouts.map(({ data, error }) => data ?? error)).toEqual([supabaseTimeouts.anon, supabaseTimeouts.authenticated, '0'])
  })

  it("are read again only when told, as PostgREST reads them (NOTIFY pgrst, 'reload config')", async () => {
    const { rows } = await own.db.query<{ name: string }>('select current_database() as name')
    const target = `role anon in database ${quoteIdent(rows[0]?.name ?? '')}`
    const anonTimeout = async () => (await anon.rpc('rest_limits_sleep', { seconds: 0 })).data
    try {
      await own.db.exec(`alter ${target} set statement_timeout = '2s'`)
      expect(await anonTimeout()).toBe(supabaseTimeouts.anon)
      await own.db.exec(`notify pgrst, 'reload schema'`)
      expect(await anonTimeout()).toBe(supabaseTimeouts.anon)
      await own.db.exec(`notify pgrst, 'reload config'`)
      await expect.poll(anonTimeout, { timeout: 5000 }).toBe('2s')
    } finally {
      await setRoleStatementTimeout('anon', null)
    }
  })

  it("cancel a statement that runs past its role's timeout with PostgreSQL's error, undoing what it did", async () => {
    // Shorter timeouts, as a project may give its roles, keep this test quick.
    await setRoleStatementTimeout('anon', '500ms')
    await setRoleStatementTimeout('authenticated', '1500ms')
    try {
      const sleep = (caller: SupabaseClient<ProbeDatabase>, seconds: number) => caller.rpc('rest_limits_sleep', { seconds })
      const cancelled = { code: '57014', message: 'canceling statement due to statement timeout', details: null, hint: null }

      const anonSleep = await sleep(anon, 1)
      expect({ status: anonSleep.status, error: anonSleep.error }).toEqual({ status: 500, error: cancelled })
      // Longer than anon's timeout, within authenticated's.
      expect(await sleep(authenticated, 1)).toMatchObject({ status: 200, data: '1500ms' })
      const authenticatedSleep = await sleep(authenticated, 2)
      expect({ status: authenticatedSleep.status, error: authenticatedSleep.error }).toEqual({ status: 500, error: cancelled })
      expect(await sleep(service, 2)).toMatchObject({ status: 200, data: '0' })

      const { rows } = await own.db.query<{ slept_by: string; seconds: number }>(
        'select slept_by, seconds from public.rest_limits_sleeps where seconds > 0 order by seconds',
      )
      expect(rows).toEqual([
        { slept_by: 'authenticated', seconds: 1 },
        { slept_by: 'service_role', seconds: 2 },
      ])
    } finally {
      await setRoleStatementTimeout('anon', null)
      await setRoleStatementTimeout('authenticated', null)
    }
  })
})

describe('a call whose client goes away while it runs', () => {
  // Two connections at once (one watches the other): PostgreSQL only.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'runs to its end and commits, as if the client had stayed, and the connection serves the next request',
    async () => {
      const gone = new AbortController()
      const call = fetch(`${own.url}/rest/v1/rpc/rest_limits_sleep`, {
        method: 'POST',
        headers: { apikey: own.anonKey, Authorization: `Bearer ${own.anonKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ seconds: 0.7 }),
        signal: gone.signal,
      })
      const running = async () =>
        (
          await own.db.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
              where datname = current_database() and state = 'active' and query like '%rest_limits_sleep%0.7%'
                and pid <> pg_backend_pid()`,
          )
        ).rows[0]?.n
      await expect.poll(running, { timeout: 5000, interval: 20 }).toBe(1)
      gone.abort()
      await expect(call).rejects.toThrow()
      const slept = async () =>
        (await own.db.query<{ slept_by: string }>(`select slept_by from public.rest_limits_sleeps where seconds = 0.7`)).rows
      // A retry of a submission finds the first one stored (its receipt), not a half-done one.
      await expect.poll(slept, { timeout: 5000 }).toEqual([{ slept_by: 'anon' }])
      await expect.poll(running, { timeout: 5000 }).toBe(0)
      expect(await anon.rpc('rest_limits_sleep', { seconds: 0 })).toMatchObject({ status: 200, data: supabaseTimeouts.anon })
    },
  )
})
