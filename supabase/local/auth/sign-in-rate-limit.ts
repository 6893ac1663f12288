/**
 * How password sign-ins are held back. GoTrue counts the sign-ins of a client address
 * (config.toml's sign_in_sign_ups); here wrong passwords are counted per address and e-mail, so
 * that a student flooding the room's address with made-up e-mails locks only those e-mails, never
 * the proctor's (docs/architecture.md, "Security model"). The wider limit per e-mail spares an
 * address the account has signed in from before (a familiar one), so that a guesser spread over many
 * addresses does not lock an account out of where it is used. There is no limit per address alone:
 * any count shared by the room's address is one a student can fill.
 */
export interface SignInLimits {
  windowMs: number
  /** Wrong passwords for one e-mail from one address; beyond them that e-mail is refused there, right password or not. */
  failuresPerAddressAndAccount: number
  /** Wrong passwords for one e-mail from all addresses together; beyond them it is refused at every unfamiliar address. */
  failuresPerAccount: number
  /** How long after a right password its address stays familiar to the account. */
  familiarForMs: number
}

export const defaultSignInLimits: SignInLimits = {
  windowMs: 5 * 60 * 1000,
  failuresPerAddressAndAccount: 10,
  // Each address adds at most 10, so one room (one address) can never reach it.
  failuresPerAccount: 50,
  familiarForMs: 30 * 24 * 60 * 60 * 1000,
}

export interface SignInRateLimit {
  /** Seconds until `email` may be tried again from `address`, or 0 when it may be tried now. */
  lockedForSeconds(address: string, email: string): number
  /** Counts an attempt as failed; callers record it before checking the password (see recordSuccess). */
  recordAttempt(address: string, email: string): void
  /** Takes back the attempt just recorded: the password was right, and the address is now familiar to the account. */
  recordSuccess(address: string, email: string): void
}

/** Keys with a failure inside the window above which stale ones are swept; it grows with the map, so sweeps stay rare. */
const firstSweepAboveKeys = 10_000

/** In memory: a restart forgets the counts, which only helps the operator who restarts the server. */
export function createSignInRateLimit(limits: SignInLimits = defaultSignInLimits, now: () => number = Date.now): SignInRateLimit {
  const failuresByPair = createFailureLog(limits.windowMs, limits.failuresPerAddressAndAccount, now)
  const failuresByAccount = createFailureLog(limits.windowMs, limits.failuresPerAccount, now)
  // Only a right password adds an entry, so this grows with real sign-ins alone.
  const lastSignInByPair = new Map<string, number>()

  const isFamiliar = (pair: string) => {
    const signedInAt = lastSignInByPair.get(pair)
    return signedInAt !== undefined && now() - signedInAt < limits.familiarForMs
  }

  return {
    lockedForSeconds: (address, email) => {
      const pair = pairKey(address, email)
      const lockedForMs = Math.max(failuresByPair.lockedForMs(pair), isFamiliar(pair) ? 0 : failuresByAccount.lockedForMs(email))
      return lockedForMs > 0 ? Math.max(1, Math.ceil(lockedForMs / 1000)) : 0
    },
    recordAttempt: (address, email) => {
      failuresByPair.add(pairKey(address, email))
      failuresByAccount.add(email)
    },
    recordSuccess: (address, email) => {
      const pair = pairKey(address, email)
      failuresByPair.takeBackLatest(pair)
      failuresByAccount.takeBackLatest(email)
      lastSignInByPair.set(pair, now())
    },
  }
}

/** An address never holds a space, so the pair reads back unambiguously. */
const pairKey = (address: string, email: string) => `${address} ${email}`

/** The newest `limit` failure times per key within a sliding window; a key with `limit` of them is locked. */
function createFailureLog(windowMs: number, limit: number, now: () => number) {
  const failures = new Map<string, number[]>()
  let sweepAboveKeys = firstSweepAboveKeys

  const recent = (key: string): number[] => {
    const cutoff = now() - windowMs
    const times = (failures.get(key) ?? []).filter((time) => time > cutoff)
    if (times.length) failures.set(key, times)
    else failures.delete(key)
    return times
  }

  return {
    /** Milliseconds until the oldest failure that makes up the limit leaves the window, or 0. */
    lockedForMs: (key: string): number => {
      const times = recent(key)
      if (times.length < limit) return 0
      return Math.max(1, (times[times.length - limit] ?? now()) + windowMs - now())
    },
    add: (key: string) => {
      failures.set(key, [...recent(key), now()].slice(-limit))
      if (failures.size > sweepAboveKeys) {
        for (const stale of [...failures.keys()]) recent(stale)
        sweepAboveKeys = Math.max(firstSweepAboveKeys, 2 * failures.size)
      }
    },
    takeBackLatest: (key: string) => {
      const times = failures.get(key)
      times?.pop()
      if (times && !times.length) failures.delete(key)
    },
  }
}
