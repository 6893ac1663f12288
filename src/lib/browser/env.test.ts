import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadAppConfig } from './env'

const LAST_GOOD_KEY = 'holdfast.app-config'
const served = { supabaseUrl: 'http://127.0.0.1:54321', supabaseAnonKey: 'served-anon-key' }

function stubFetch(respond: () => Promise<Response>) {
  const fetchStub = vi.fn(respond)
  vi.stubGlobal('fetch', fetchStub)
  return fetchStub
}

describe('loadAppConfig', () => {
  beforeEach(() => {
    vi.stubEnv('VITE_SUPABASE_URL', '')
    vi.stubEnv('VITE_SUPABASE_ANON_KEY', '')
  })

  afterEach(() => {
    vi.unstubAllEnvs()
    vi.unstubAllGlobals()
  })

  it('prefers the build-time variables and fetches nothing', async () => {
    vi.stubEnv('VITE_SUPABASE_URL', 'https://project.supabase.co')
    vi.stubEnv('VITE_SUPABASE_ANON_KEY', 'build-anon-key')
    const fetchStub = stubFetch(async () => Response.json(served))

    await expect(loadAppConfig()).resolves.toEqual({
      supabaseUrl: 'https://project.supabase.co',
      supabaseAnonKey: 'build-anon-key',
    })
    expect(fetchStub).not.toHaveBeenCalled()
  })

  it('fetches /config.json when a build-time variable is missing, and remembers it', async () => {
    vi.stubEnv('VITE_SUPABASE_URL', 'https://project.supabase.co')
    const fetchStub = stubFetch(async () => Response.json(served))

    await expect(loadAppConfig()).resolves.toEqual(served)
    expect(fetchStub).toHaveBeenCalledWith('/config.json', expect.anything())
    expect(JSON.parse(localStorage.getItem(LAST_GOOD_KEY) ?? 'null')).toEqual(served)
  })

  it('falls back to the last good config when the fetch fails', async () => {
    localStorage.setItem(LAST_GOOD_KEY, JSON.stringify(served))
    stubFetch(async () => {
      throw new TypeError('Failed to fetch')
    })

    await expect(loadAppConfig()).resolves.toEqual(served)
  })

  it('falls back to the last good config when /config.json is not a config', async () => {
    localStorage.setItem(LAST_GOOD_KEY, JSON.stringify(served))
    stubFetch(async () => new Response('<!doctype html>', { status: 200 }))

    await expect(loadAppConfig()).resolves.toEqual(served)
  })

  it('names what is missing when nothing provides a config', async () => {
    stubFetch(async () => new Response('Not found', { status: 404 }))

    await expect(loadAppConfig()).rejects.toThrow(
      /VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY not set.*\/config\.json could not be loaded \(HTTP 404\)/,
    )
  })

  it('ignores a malformed stored config', async () => {
    localStorage.setItem(LAST_GOOD_KEY, '{"supabaseUrl":')
    stubFetch(async () => {
      throw new TypeError('Failed to fetch')
    })

    await expect(loadAppConfig()).rejects.toThrow(/Failed to fetch/)
  })
})
