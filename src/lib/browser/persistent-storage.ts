/**
 * The browser's answer to this device's request for persistent storage, for the proctor's
 * reports: null until it has answered, when it cannot say (no Storage API, a refusal to ask), and
 * after a reload (the request is made once, when an exam starts; the server keeps the answer).
 */
let persistentStorageGranted: boolean | null = null

/** Asks the browser not to evict the device's exam data under storage pressure, and remembers its answer. */
export async function requestPersistentStorage(): Promise<void> {
  persistentStorageGranted = (await navigator.storage?.persist?.().catch(() => null)) ?? null
}

export function isStoragePersistent(): boolean | null {
  return persistentStorageGranted
}
