import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import bcrypt from 'bcryptjs'
import { decodeJwt } from 'jose'
import { clientAddress, limitedAddress, type TrustedProxies } from '../client-address.ts'
import type { SqlClient, SqlDatabase } from '../db.ts'
import { BodyTooLarge, bearerToken, readBody, sendJson, type RouteHandler } from '../http.ts'
import { JwtRejected, type JwtKeys } from '../keys.ts'
import { bcryptCost, normalizeEmail } from './admin-accounts.ts'
import { createSignInRateLimit, defaultSignInLimits, type SignInLimits } from './sign-in-rate-limit.ts'

export interface AuthApiDeps {
  db: SqlDatabase
  keys: JwtKeys
  /** Whose X-Forwarded-For names the client the sign-in limit counts. */
  trustedProxies: TrustedProxies
  /** Milliseconds since the epoch, for the sign-in rate limit; tests step it instead of sleeping. */
  now?: () => number
  signInLimits?: SignInLimits
}

/** GoTrue's default access-token lifetime (JWT_EXP). */
export const accessTokenSeconds = 3600
/** auth-js reads the error `code` from the body only when the answer carries this version or later. */
const apiVersion = '2024-01-01'
const maxAuthBodyBytes = 64 * 1024
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A GoTrue error answer: `{code, message}` with its HTTP status. */
class AuthFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

const invalidCredentials = () => new AuthFailure(400, 'invalid_credentials', 'Invalid login credentials')
const refreshTokenNotFound = () =>
  new AuthFailure(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')

interface UserRow {
  id: string
  aud: string
  role: string
  email: string | null
  encrypted_password: string | null
  email_confirmed_at: Date | null
  last_sign_in_at: Date | null
  raw_app_meta_data: Record<string, unknown>
  raw_user_meta_data: Record<string, unknown>
  created_at: Date
  updated_at: Date
}

const userColumns =
  'id, aud, role, email, encrypted_password, email_confirmed_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at'

/** What a token response is made from: the user, their session and its newest refresh token. */
interface IssuedSession {
  user: UserRow
  sessionId: string
  signedInAt: Date
  refreshToken: string
}

interface Authenticated {
  user: UserRow
  sessionId: string | undefined
}

type Route = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>

/**
 * The GoTrue endpoints supabase-js uses for e-mail/password accounts: password and
 * refresh-token grants, the current user and sign-out. Accounts are made by operators
 * (admin-accounts.ts), so sign-up is refused.
 */
export function createAuthApi({
  db,
  keys,
  trustedProxies,
  now = Date.now,
  signInLimits = defaultSignInLimits,
}: AuthApiDeps): RouteHandler {
  const rateLimit = createSignInRateLimit(signInLimits, now)
  let decoyHash: Promise<string> | undefined

  async function requireApiKey(req: IncomingMessage, url: URL): Promise<void> {
    const header = req.headers.apikey
    const key = (Array.isArray(header) ? header[0] : header) ?? url.searchParams.get('apikey')
    if (!key) throw new AuthFailure(401, 'no_authorization', 'No API key found in request')
    try {
      const { role } = await keys.verify(key)
      if (role === 'anon' || role === 'service_role') return
    } catch (error) {
      if (!(error instanceof JwtRejected)) throw error
    }
    throw new AuthFailure(401, 'no_authorization', 'Invalid API key')
  }

  async function passwordGrant(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readJsonObject(req)
    const email = typeof body.email === 'string' ? body.email.trim() : ''
    const password = typeof body.password === 'string' ? body.password : ''
    if (!email && typeof body.phone === 'string' && body.phone.trim()) {
      throw new AuthFailure(400, 'phone_provider_disabled', 'Phone logins are disabled')
    }
    if (!email || !password) throw new AuthFailure(400, 'validation_failed', 'An email address and a password are required')

    const normalized = normalizeEmail(email)
    const address = limitedAddress(clientAddress(req, trustedProxies))
    const lockedForSeconds = rateLimit.lockedForSeconds(address, normalized)
    if (lockedForSeconds > 0) {
      throw new AuthFailure(429, 'over_request_rate_limit', 'Request rate limit reached', {
        'Retry-After': String(lockedForSeconds),
      })
    }
    // Counted before the slow hash comparison so that parallel guesses cannot slip past the limit.
    rateLimit.recordAttempt(address, normalized)

    const user = (await db.query<UserRow>(`select ${userColumns} from auth.users where lower(email) = $1`, [normalized])).rows[0]
    // An unknown e-mail still costs one bcrypt comparison, so timing does not reveal which accounts exist.
    decoyHash ??= bcrypt.hash(randomBytes(16).toString('hex'), bcryptCost)
    const passwordMatches = await bcrypt.compare(password, user?.encrypted_password ?? (await decoyHash))
    if (!user || !user.encrypted_password || !passwordMatches) throw invalidCredentials()
    rateLimit.recordSuccess(address, normalized)
    if (!user.email_confirmed_at) throw new AuthFailure(400, 'email_not_confirmed', 'Email not confirmed')

    const issued = await db.transaction(async (tx) => {
      const session = first(
        await tx.query<{ id: string; created_at: Date }>(
          'insert into auth.sessions (user_id) values ($1) returning id, created_at',
          [user.id],
        ),
        'new session',
      )
      const refreshToken = newRefreshToken()
      await tx.query('insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2, $3)', [
        refreshToken,
        user.id,
        session.id,
      ])
      const signedIn = first(
        await tx.query<UserRow>(`update auth.users set last_sign_in_at = now() where id = $1 returning ${userColumns}`, [
          user.id,
        ]),
        'signed-in user',
      )
      return { user: signedIn, sessionId: session.id, signedInAt: session.created_at, refreshToken }
    })
    await sendSession(res, issued)
  }

  async function refreshTokenGrant(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readJsonObject(req)
    const token = typeof body.refresh_token === 'string' ? body.refresh_token : ''
    if (!token) throw new AuthFailure(400, 'validation_failed', 'refresh_token required')

    // A refused reuse must still commit the revocation, so failures are returned, not thrown.
    const outcome = await db.transaction(async (tx): Promise<IssuedSession | AuthFailure> => {
      const current = (
        await tx.query<{ id: string; user_id: string; session_id: string; revoked: boolean; signed_in_at: Date }>(
          `select t.id, t.user_id, t.session_id, t.revoked, s.created_at as signed_in_at
             from auth.refresh_tokens t
             join auth.sessions s on s.id = t.session_id
            where t.token = $1
              for update of t`,
          [token],
        )
      ).rows[0]
      // Signing out deletes the session and, with it, its refresh tokens.
      if (!current) return refreshTokenNotFound()
      if (current.revoked) {
        // A rotated token came back: whoever holds it, thief or owner, the session can no longer be
        // trusted, so it ends for both (GoTrue revokes the whole token family).
        await tx.query('delete from auth.sessions where id = $1', [current.session_id])
        return new AuthFailure(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used')
      }
      await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [current.id])
      const refreshToken = newRefreshToken()
      await tx.query('insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)', [
        refreshToken,
        current.user_id,
        current.session_id,
        token,
      ])
      await tx.query('update auth.sessions set updated_at = now() where id = $1', [current.session_id])
      const user = first(
        await tx.query<UserRow>(`select ${userColumns} from auth.users where id = $1`, [current.user_id]),
        'token owner',
      )
      return { user, sessionId: current.session_id, signedInAt: current.signed_in_at, refreshToken }
    })
    if (outcome instanceof AuthFailure) throw outcome
    await sendSession(res, outcome)
  }

  async function sendSession(res: ServerResponse, { user, sessionId, signedInAt, refreshToken }: IssuedSession): Promise<void> {
    const accessToken = await keys.sign(
      {
        sub: user.id,
        aud: user.aud,
        role: user.role,
        email: user.email ?? '',
        phone: '',
        app_metadata: user.raw_app_meta_data,
        user_metadata: user.raw_user_meta_data,
        aal: 'aal1',
        amr: [{ method: 'password', timestamp: Math.floor(new Date(signedInAt).getTime() / 1000) }],
        session_id: sessionId,
        is_anonymous: false,
      },
      accessTokenSeconds,
    )
    sendJson(res, 200, {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: accessTokenSeconds,
      expires_at: decodeJwt(accessToken).exp,
      refresh_token: refreshToken,
      user: userJson(user),
    })
  }

  /** GoTrue's requireAuthentication: a valid access token whose user and session still exist. */
  async function authenticate(req: IncomingMessage): Promise<Authenticated> {
    const token = bearerToken(req)
    if (!token) throw new AuthFailure(401, 'no_authorization', 'This endpoint requires a valid Bearer token')
    let claims
    try {
      claims = await keys.verify(token)
    } catch (error) {
      if (error instanceof JwtRejected)
        throw new AuthFailure(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${error.message}`)
      throw error
    }
    if (!claims.sub) throw new AuthFailure(403, 'bad_jwt', 'invalid claim: missing sub claim')
    if (!uuidPattern.test(claims.sub)) throw new AuthFailure(400, 'bad_jwt', 'invalid claim: sub claim must be a UUID')
    const user = (await db.query<UserRow>(`select ${userColumns} from auth.users where id = $1`, [claims.sub])).rows[0]
    if (!user) throw new AuthFailure(403, 'user_not_found', 'User from sub claim in JWT does not exist')

    const sessionId = claims.session_id
    if (sessionId === undefined) return { user, sessionId: undefined }
    if (typeof sessionId !== 'string' || !uuidPattern.test(sessionId)) {
      throw new AuthFailure(403, 'bad_jwt', 'invalid claim: session_id claim must be a UUID')
    }
    const session = await db.query('select 1 from auth.sessions where id = $1 and user_id = $2', [sessionId, user.id])
    if (!session.rows.length)
      throw new AuthFailure(403, 'session_not_found', 'Session from session_id claim in JWT does not exist')
    return { user, sessionId }
  }

  async function logout(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const scope = url.searchParams.get('scope') || 'global'
    if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
      throw new AuthFailure(400, 'validation_failed', `Unsupported logout scope "${scope}"`)
    }
    const { user, sessionId } = await authenticate(req)
    await db.transaction((tx) => endSessions(tx, user.id, sessionId === undefined ? 'global' : scope, sessionId))
    res.writeHead(204).end()
  }

  const routes: Record<string, Partial<Record<string, Route>>> = {
    '/token': {
      POST: async (req, res, url) => {
        const grantType = url.searchParams.get('grant_type')
        if (grantType === 'password') return passwordGrant(req, res)
        if (grantType === 'refresh_token') return refreshTokenGrant(req, res)
        throw new AuthFailure(
          400,
          'validation_failed',
          `Unsupported grant_type "${grantType ?? ''}": use password or refresh_token`,
        )
      },
    },
    '/user': {
      GET: async (req, res) => {
        const { user } = await authenticate(req)
        sendJson(res, 200, userJson(user))
      },
    },
    '/logout': { POST: logout },
    '/signup': {
      POST: async () => {
        throw new AuthFailure(422, 'signup_disabled', 'Signups not allowed for this instance')
      },
    },
  }

  return async (req, res, url) => {
    res.setHeader('X-Supabase-Api-Version', apiVersion)
    try {
      await requireApiKey(req, url)
      const path = url.pathname.replace(/^\/auth\/v1/, '').replace(/\/+$/, '') || '/'
      const methods = routes[path]
      if (!methods) throw new AuthFailure(404, 'not_found', `The local auth server does not implement ${url.pathname}`)
      const route = methods[req.method ?? 'GET']
      if (!route) {
        throw new AuthFailure(405, 'method_not_allowed', `${req.method} is not allowed on ${url.pathname}`, {
          Allow: Object.keys(methods).join(', '),
        })
      }
      await route(req, res, url)
    } catch (error) {
      if (!(error instanceof AuthFailure)) throw error
      sendJson(res, error.status, { code: error.code, message: error.message }, error.headers)
    }
  }
}

function endSessions(tx: SqlClient, userId: string, scope: 'global' | 'local' | 'others', sessionId: string | undefined) {
  if (scope === 'local') return tx.query('delete from auth.sessions where id = $1', [sessionId])
  if (scope === 'others') return tx.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, sessionId])
  return tx.query('delete from auth.sessions where user_id = $1', [userId])
}

/** The user object GoTrue returns from /user and inside token responses. */
function userJson(user: UserRow) {
  return {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email ?? '',
    email_confirmed_at: isoTime(user.email_confirmed_at),
    phone: '',
    confirmed_at: isoTime(user.email_confirmed_at),
    last_sign_in_at: isoTime(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    identities: [],
    created_at: isoTime(user.created_at),
    updated_at: isoTime(user.updated_at),
    is_anonymous: false,
  }
}

/** Absent timestamps are left out of the JSON, as GoTrue's `omitempty` does. */
function isoTime(value: Date | string | null): string | undefined {
  return value === null ? undefined : new Date(value).toISOString()
}

/** 256 random bits: refresh tokens are bearer credentials that live as long as the session. */
function newRefreshToken(): string {
  return randomBytes(32).toString('base64url')
}

function first<Row>(result: { rows: Row[] }, what: string): Row {
  const row = result.rows[0]
  if (row === undefined) throw new Error(`Expected a row for the ${what}, got none`)
  return row
}

async function readJsonObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  let text: string
  try {
    text = await readBody(req, maxAuthBodyBytes)
  } catch (error) {
    if (error instanceof BodyTooLarge) throw new AuthFailure(413, 'validation_failed', error.message)
    throw error
  }
  if (!text.trim()) return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    throw new AuthFailure(400, 'bad_json', `Could not parse request body as JSON: ${(error as Error).message}`)
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new AuthFailure(400, 'bad_json', 'The request body must be a JSON object')
  }
  return parsed as Record<string, unknown>
}
