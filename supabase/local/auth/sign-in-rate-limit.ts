/** How many failed sign-ins are tolerated within a sliding window before further attempts are refused. */
export interface SignInLimits {
  perEmail: number
  perAddress: number
  windowMs: number
}

export const defaultSignInLimits: SignInLimits = { perEmail: 10, perAddress: 30, windowMs: 5 * 60 * 1000 }

export interface SignInRateLimit {
  /** Seconds until another attempt is allowed, or 0 when neither the e-mail nor the address is locked. */
  lockedForSeconds(email: string, address: string): number
  /** Counts an attempt as failed; callers record it before checking the password (see recordSuccess). */
  recordFailure(email: string, address: string): void
  /** Takes back the attempt just recorded as failed, and clears the e-mail's history: its owner knows the password. */
  recordSuccess(email: string, address: string): void
}

/** Keys with at least one failure inside the window; sweeping beyond this keeps memory bounded. */
const sweepAboveKeys = 10_000

/**
 * Counts failed password sign-ins per e-mail (guessing one account's password) and per client
 * address (trying many accounts). In memory: a restart forgets the counts, which only helps
 * the operator who restarts the server.
 */
export function createSignInRateLimit(limits: SignInLimits = defaultSignInLimits, now: () => number = Date.now): SignInRateLimit {
  const failuresByEmail = new Map<string, number[]>()
  const failuresByAddress = new Map<string, number[]>()

  const recent = (failures: Map<string, number[]>, key: string): number[] => {
    const cutoff = now() - limits.windowMs
    const times = (failures.get(key) ?? []).filter((time) => time > cutoff)
    if (times.length) failures.set(key, times)
    else failures.delete(key)
    return times
  }

  const secondsUntilBelow = (times: number[], max: number): number => {
    if (times.length < max) return 0
    // The lock lifts when enough of the oldest failures have left the window.
    const freedAt = (times[times.length - max] ?? now()) + limits.windowMs
    return Math.max(1, Math.ceil((freedAt - now()) / 1000))
  }

  const sweep = (failures: Map<string, number[]>) => {
    if (failures.size <= sweepAboveKeys) return
    for (const key of [...failures.keys()]) recent(failures, key)
  }

  const add = (failures: Map<string, number[]>, key: string) => {
    failures.set(key, [...recent(failures, key), now()])
    sweep(failures)
  }

  return {
    lockedForSeconds: (email, address) =>
      Math.max(
        secondsUntilBelow(recent(failuresByEmail, email), limits.perEmail),
        secondsUntilBelow(recent(failuresByAddress, address), limits.perAddress),
      ),
    recordFailure: (email, address) => {
      add(failuresByEmail, email)
      add(failuresByAddress, address)
    },
    recordSuccess: (email, address) => {
      failuresByEmail.delete(email)
      const times = failuresByAddress.get(address)
      times?.pop()
      if (times && !times.length) failuresByAddress.delete(address)
    },
  }
}
