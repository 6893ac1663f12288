import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { SignJWT, errors, jwtVerify, type JWTPayload } from 'jose'

const issuer = 'holdfast-local'
const tenYears = 10 * 365 * 24 * 3600
/** API keys carry a fixed issue time, so the same secret always yields the same keys (a build may embed them). */
const apiKeyIssuedAt = Date.UTC(2026, 0, 1) / 1000

export class JwtRejected extends Error {
  constructor(
    message: string,
    readonly expired: boolean,
  ) {
    super(message)
  }
}

/** The HS256 secret of the stack and the two API keys derived from it, as on hosted Supabase. */
export interface JwtKeys {
  anonKey: string
  serviceRoleKey: string
  sign(claims: JWTPayload, expiresInSeconds: number): Promise<string>
  /** Resolves to the verified claims; rejects with `JwtRejected`. */
  verify(token: string): Promise<JWTPayload>
}

/** Reads the secret from `dataDir` (creating it on first start), or makes a throwaway one in memory. */
export async function loadJwtKeys(dataDir: string | undefined): Promise<JwtKeys> {
  const secret = dataDir ? await readOrCreateSecret(dataDir) : randomBytes(32).toString('hex')
  return jwtKeysFromSecret(secret)
}

export async function jwtKeysFromSecret(secret: string): Promise<JwtKeys> {
  const key = new TextEncoder().encode(secret)
  const signAt = (claims: JWTPayload, issuedAt: number, expiresInSeconds: number) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(issuer)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + expiresInSeconds)
      .sign(key)
  const sign = (claims: JWTPayload, expiresInSeconds: number) => signAt(claims, Math.floor(Date.now() / 1000), expiresInSeconds)
  const verifySignature = async (token: string) => {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] })
      return payload
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw new JwtRejected('JWT expired', true)
      throw new JwtRejected(error instanceof Error ? error.message : 'invalid JWT', false)
    }
  }
  return {
    anonKey: await signAt({ role: 'anon' }, apiKeyIssuedAt, tenYears),
    serviceRoleKey: await signAt({ role: 'service_role' }, apiKeyIssuedAt, tenYears),
    sign,
    verify: rememberingVerified(verifySignature),
  }
}

/**
 * Most verified tokens remembered at once: far more than the API keys and the sessions of a
 * school's administrators; the oldest is forgotten first (and verified again when it comes back).
 */
export const maxRememberedTokens = 1000

/**
 * `verify`, remembering the claims of tokens it accepted. Every student sends the same anon key
 * twice with every request (apikey and Authorization), and an HMAC check per use was an eighth of
 * the stack's time in a submission herd. A token's signature and claims never change, so only
 * its expiry is judged again on each use; whether its session still exists is for the database
 * to say (`is_admin()` reads auth.sessions), as for a token verified afresh. Only accepted tokens
 * are remembered, so made-up tokens cannot fill the memory.
 */
export function rememberingVerified(
  verify: (token: string) => Promise<JWTPayload>,
  nowSeconds = () => Date.now() / 1000,
): (token: string) => Promise<JWTPayload> {
  const verified = new Map<string, JWTPayload>()
  return async (token) => {
    const remembered = verified.get(token)
    if (remembered) {
      // jose's own rule: expired once the clock reaches `exp`.
      if (remembered.exp === undefined || nowSeconds() < remembered.exp) return remembered
      verified.delete(token)
      throw new JwtRejected('JWT expired', true)
    }
    // Shared by every request that sends the token: nobody may change it for the next one.
    const claims = deepFrozen(await verify(token))
    if (verified.size >= maxRememberedTokens) verified.delete(verified.keys().next().value as string)
    verified.set(token, claims)
    return claims
  }
}

function deepFrozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const child of Object.values(value)) deepFrozen(child)
  }
  return value
}

async function readOrCreateSecret(dataDir: string): Promise<string> {
  const file = join(dataDir, 'jwt-secret')
  try {
    return (await readFile(file, 'utf8')).trim()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    const secret = randomBytes(32).toString('hex')
    await mkdir(dataDir, { recursive: true })
    await writeFile(file, secret, { mode: 0o600 })
    return secret
  }
}
