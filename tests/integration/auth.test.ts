import { decodeJwt } from 'jose'
import { describe, expect, it } from 'vitest'
import { jwtKeysFromSecret } from '../../supabase/local/keys.ts'
import { anonClient, stack } from './clients.ts'

interface RawAnswer {
  status: number
  headers: Headers
  body: unknown
}

/** Calls GoTrue directly, to see status codes and error codes that supabase-js folds away. */
async function callAuth(
  baseUrl: string,
  path: string,
  { method = 'GET', body, bearer, apikey }: { method?: string; body?: unknown; bearer?: string; apikey?: string | null } = {},
): Promise<RawAnswer> {
  const headers: Record<string, string> = { 'X-Supabase-Api-Version': '2024-01-01' }
  if (apikey !== null) headers.apikey = apikey ?? stack.anonKey
  if (bearer) headers.Authorization = `Bearer ${bearer}`
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  const response = await fetch(`${baseUrl}/auth/v1${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined }
}

const call = (path: string, options?: Parameters<typeof callAuth>[2]) => callAuth(stack.url, path, options)
const refresh = (refreshToken: string) =>
  call('/token?grant_type=refresh_token', { method: 'POST', body: { refresh_token: refreshToken } })

async function signIn(email: string, password: string) {
  const client = anonClient()
  const { data, error } = await client.auth.signInWithPassword({ email, password })
  expect(error).toBeNull()
  if (!data.session) throw new Error(`no session for ${email}`)
  return { client, session: data.session }
}

describe('password sign-in', () => {
  it('signs the administrator in, and getUser returns their account', async () => {
    const { client, session } = await signIn(stack.adminEmail, stack.adminPassword)
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 })

    const { data, error } = await client.auth.getUser()
    expect(error).toBeNull()
    expect(data.user).toMatchObject({
      email: stack.adminEmail,
      aud: 'authenticated',
      role: 'authenticated',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: {},
      identities: [],
    })
    expect(data.user?.last_sign_in_at).toBeTruthy()
    expect(data.user?.email_confirmed_at).toBeTruthy()
  })

  it('issues an access token with the claims Supabase puts in one', async () => {
    const { session } = await signIn(stack.userEmail, stack.userPassword)
    const claims = decodeJwt(session.access_token)
    expect(claims).toMatchObject({
      sub: session.user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: stack.userEmail,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: {},
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: expect.any(Number) }],
      session_id: expect.any(String),
      is_anonymous: false,
    })
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(3600)
    expect(session.expires_at).toBe(claims.exp)
  })

  it('matches the e-mail whatever its case and surrounding spaces', async () => {
    const { session } = await signIn(`  ${stack.userEmail.toUpperCase()} `, stack.userPassword)
    expect(session.user.email).toBe(stack.userEmail)
  })

  it('refuses a wrong password with invalid_credentials', async () => {
    const { data, error } = await anonClient().auth.signInWithPassword({ email: stack.adminEmail, password: 'not-the-password' })
    expect(data.session).toBeNull()
    expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' })
  })

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const { error } = await anonClient().auth.signInWithPassword({ email: 'nobody@holdfast.test', password: 'whatever-1' })
    expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' })
  })

  it('refuses a request without an e-mail or password as validation_failed', async () => {
    const answer = await call('/token?grant_type=password', { method: 'POST', body: { email: stack.adminEmail } })
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ code: 'validation_failed' })
  })
})

describe('refresh tokens', () => {
  it('rotates on refreshSession, and a reused refresh token ends the session', async () => {
    const { client, session: original } = await signIn(stack.userEmail, stack.userPassword)
    const { data, error } = await client.auth.refreshSession()
    expect(error).toBeNull()
    const rotated = data.session
    if (!rotated) throw new Error('refreshSession returned no session')
    expect(rotated.access_token).toBeTruthy()
    expect(rotated.refresh_token).not.toBe(original.refresh_token)
    expect(decodeJwt(rotated.access_token).session_id).toBe(decodeJwt(original.access_token).session_id)
    expect((await call('/user', { bearer: rotated.access_token })).status).toBe(200)

    const reuse = await refresh(original.refresh_token)
    expect(reuse.status).toBe(400)
    expect(reuse.body).toEqual({ code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' })

    // The reuse may have been a thief's: the newest token and access token die with the session.
    expect((await refresh(rotated.refresh_token)).body).toMatchObject({ code: 'refresh_token_not_found' })
    expect((await call('/user', { bearer: rotated.access_token })).body).toMatchObject({ code: 'session_not_found' })
  })

  it('refuses an unknown refresh token with refresh_token_not_found', async () => {
    const { error } = await anonClient().auth.refreshSession({ refresh_token: 'no-such-token' })
    expect(error).toMatchObject({
      status: 400,
      code: 'refresh_token_not_found',
      message: 'Invalid Refresh Token: Refresh Token Not Found',
    })
  })
})

describe('sign-out', () => {
  it('ends the session: its refresh token and access token stop working', async () => {
    const { client, session } = await signIn(stack.adminEmail, stack.adminPassword)
    const { error } = await client.auth.signOut()
    expect(error).toBeNull()

    const refreshed = await refresh(session.refresh_token)
    expect(refreshed.status).toBe(400)
    expect(refreshed.body).toMatchObject({ code: 'refresh_token_not_found' })

    const user = await call('/user', { bearer: session.access_token })
    expect(user.status).toBe(403)
    expect(user.body).toEqual({ code: 'session_not_found', message: 'Session from session_id claim in JWT does not exist' })
    const viaClient = await anonClient().auth.getUser(session.access_token)
    expect(viaClient.data.user).toBeNull()
    expect(viaClient.error?.name).toBe('AuthSessionMissingError')
  })

  it('signs out other sessions only with scope others, and all of them with global', async () => {
    const first = await signIn(stack.userEmail, stack.userPassword)
    const second = await signIn(stack.userEmail, stack.userPassword)
    const third = await signIn(stack.userEmail, stack.userPassword)

    expect((await first.client.auth.signOut({ scope: 'others' })).error).toBeNull()
    expect((await refresh(second.session.refresh_token)).body).toMatchObject({ code: 'refresh_token_not_found' })
    expect((await refresh(third.session.refresh_token)).body).toMatchObject({ code: 'refresh_token_not_found' })
    expect((await first.client.auth.getUser()).data.user?.email).toBe(stack.userEmail)

    const fourth = await signIn(stack.userEmail, stack.userPassword)
    expect((await fourth.client.auth.signOut({ scope: 'local' })).error).toBeNull()
    expect((await first.client.auth.getUser()).data.user?.email).toBe(stack.userEmail)

    const fifth = await signIn(stack.userEmail, stack.userPassword)
    expect((await fifth.client.auth.signOut()).error).toBeNull()
    expect((await call('/user', { bearer: first.session.access_token })).body).toMatchObject({ code: 'session_not_found' })
  })

  it('answers a sign-out with a bad token 403, which the client treats as signed out', async () => {
    const answer = await call('/logout?scope=global', { method: 'POST', bearer: 'not.a.jwt' })
    expect(answer.status).toBe(403)
    expect(answer.body).toMatchObject({ code: 'bad_jwt' })
  })
})

describe('what the local auth server refuses', () => {
  it('refuses sign-up: accounts are made by operators', async () => {
    const email = 'walk-in@holdfast.test'
    const { data, error } = await anonClient().auth.signUp({ email, password: 'let-me-in-1' })
    expect(data.user).toBeNull()
    expect(error).toMatchObject({ status: 422, code: 'signup_disabled', message: 'Signups not allowed for this instance' })
    const { error: signInError } = await anonClient().auth.signInWithPassword({ email, password: 'let-me-in-1' })
    expect(signInError?.code).toBe('invalid_credentials')
  })

  it('refuses requests without a valid API key', async () => {
    const body = { email: stack.adminEmail, password: stack.adminPassword }
    const missing = await call('/token?grant_type=password', { method: 'POST', body, apikey: null })
    expect(missing.status).toBe(401)
    expect(missing.body).toEqual({ code: 'no_authorization', message: 'No API key found in request' })

    const wrong = await call('/token?grant_type=password', { method: 'POST', body, apikey: 'not-a-key' })
    expect(wrong.status).toBe(401)
    expect(wrong.body).toEqual({ code: 'no_authorization', message: 'Invalid API key' })

    const { session } = await signIn(stack.userEmail, stack.userPassword)
    const userToken = await call('/token?grant_type=password', { method: 'POST', body, apikey: session.access_token })
    expect(userToken.body).toMatchObject({ message: 'Invalid API key' })

    const serviceKey = await call('/token?grant_type=password', { method: 'POST', body, apikey: stack.serviceRoleKey })
    expect(serviceKey.status).toBe(200)
  })

  it('refuses /user without a token, or with the anon key, or a token signed with another secret', async () => {
    expect((await call('/user')).body).toMatchObject({ code: 'no_authorization' })
    const anonKey = await call('/user', { bearer: stack.anonKey })
    expect(anonKey.status).toBe(403)
    expect(anonKey.body).toMatchObject({ code: 'bad_jwt' })

    const { session } = await signIn(stack.userEmail, stack.userPassword)
    const forger = await jwtKeysFromSecret('not-the-stack-secret')
    const forged = await forger.sign(decodeJwt(session.access_token), 3600)
    const answer = await call('/user', { bearer: forged })
    expect(answer.status).toBe(403)
    expect(answer.body).toMatchObject({ code: 'bad_jwt' })
  })

  it('answers unknown endpoints and grant types with an error, never a silent success', async () => {
    const otp = await call('/otp', { method: 'POST', body: { email: stack.adminEmail } })
    expect(otp.status).toBe(404)
    expect(otp.body).toMatchObject({ code: 'not_found' })
    expect((await call('/token?grant_type=password')).status).toBe(405)
    const pkce = await call('/token?grant_type=pkce', { method: 'POST', body: {} })
    expect(pkce.status).toBe(400)
    expect(pkce.body).toMatchObject({ code: 'validation_failed' })
  })

  it('labels every answer with the API version, so auth-js reads the error codes', async () => {
    expect((await call('/user')).headers.get('x-supabase-api-version')).toBe('2024-01-01')
    expect((await call('/nowhere', { apikey: null })).headers.get('x-supabase-api-version')).toBe('2024-01-01')
  })
})

describe('access tokens', () => {
  it('refuses an expired access token as bad_jwt', async () => {
    const answer = await call('/user', { bearer: stack.signedTokens.expiredAdmin })
    expect(answer.status).toBe(403)
    expect(answer.body).toEqual({ code: 'bad_jwt', message: 'invalid JWT: unable to parse or verify signature, JWT expired' })
  })
})
