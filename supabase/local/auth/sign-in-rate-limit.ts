/**
 * How password sign-ins are held back. As in GoTrue, only a client address is ever refused:
 * refusing an account would let anyone who knows the administrator's e-mail lock them out.
 * An account guessed at from many addresses is slowed down instead, on wrong passwords only.
 */
export interface SignInLimits {
  /** Failed sign-ins an address may make within the window; beyond them it is refused (config.toml's sign_in_sign_ups). */
  failuresPerAddress: number
  windowMs: number
  /** Wrong passwords for one account within the window that are answered at once. */
  quickFailuresPerAccount: number
  /** How long the next wrong password waits for its answer; each further one waits twice as long, up to maxDelayMs. */
  firstDelayMs: number
  maxDelayMs: number
}

export const defaultSignInLimits: SignInLimits = {
  failuresPerAddress: 30,
  windowMs: 5 * 60 * 1000,
  quickFailuresPerAccount: 5,
  firstDelayMs: 250,
  maxDelayMs: 2000,
}

export interface SignInRateLimit {
  /** Seconds until `address` may try again, or 0 when it is under its limit. */
  lockedForSeconds(address: string): number
  /** Counts an attempt from `address` as failed; callers record it before checking the password (see recordSuccess). */
  recordAttempt(address: string): void
  /** Takes back the attempt just recorded for `address`: the password was right. */
  recordSuccess(address: string): void
  /** Counts a wrong password for the account; answers how many milliseconds to hold back its answer. */
  recordWrongPassword(email: string): number
}

/** Keys with at least one failure inside the window; sweeping beyond this keeps memory bounded. */
const sweepAboveKeys = 10_000

/** In memory: a restart forgets the counts, which only helps the operator who restarts the server. */
export function createSignInRateLimit(limits: SignInLimits = defaultSignInLimits, now: () => number = Date.now): SignInRateLimit {
  const failuresByAddress = createFailureLog(limits.windowMs, limits.failuresPerAddress, now)
  // From this many recent wrong passwords on, the delay is at its longest: older ones need not be kept.
  const failuresAtLongestDelay =
    limits.quickFailuresPerAccount + 1 + Math.max(0, Math.ceil(Math.log2(limits.maxDelayMs / limits.firstDelayMs)))
  const failuresByAccount = createFailureLog(limits.windowMs, failuresAtLongestDelay, now)

  return {
    lockedForSeconds: (address) => {
      const times = failuresByAddress.recent(address)
      if (times.length < limits.failuresPerAddress) return 0
      // The lock lifts when enough of the oldest failures have left the window.
      const freedAt = (times[times.length - limits.failuresPerAddress] ?? now()) + limits.windowMs
      return Math.max(1, Math.ceil((freedAt - now()) / 1000))
    },
    recordAttempt: (address) => failuresByAddress.add(address),
    recordSuccess: (address) => failuresByAddress.takeBackLatest(address),
    recordWrongPassword: (email) => {
      failuresByAccount.add(email)
      const slowFailures = failuresByAccount.recent(email).length - limits.quickFailuresPerAccount
      if (slowFailures <= 0) return 0
      return Math.min(limits.maxDelayMs, limits.firstDelayMs * 2 ** (slowFailures - 1))
    },
  }
}

/** The newest `keep` failure times per key within a sliding window. */
function createFailureLog(windowMs: number, keep: number, now: () => number) {
  const failures = new Map<string, number[]>()

  const recent = (key: string): number[] => {
    const cutoff = now() - windowMs
    const times = (failures.get(key) ?? []).filter((time) => time > cutoff)
    if (times.length) failures.set(key, times)
    else failures.delete(key)
    return times
  }

  return {
    recent,
    add: (key: string) => {
      failures.set(key, [...recent(key), now()].slice(-keep))
      if (failures.size > sweepAboveKeys) for (const stale of [...failures.keys()]) recent(stale)
    },
    takeBackLatest: (key: string) => {
      const times = failures.get(key)
      times?.pop()
      if (times && !times.length) failures.delete(key)
    },
  }
}
