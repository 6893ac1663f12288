/** The request header naming this browser to the student functions (supabase/definitions/functions/private/request_client_id.sql). */
export const clientIdHeader = 'x-holdfast-client'

const storageKey = 'holdfast-client-id'

/**
 * This browser's random id, kept in localStorage: wrong login codes are counted per browser as
 * well as per network, so one student's mistakes (or script) never lock out a whole school
 * behind one address. Without storage (a private window that refuses it) the id lasts the page.
 */
export function browserClientId(storage?: Pick<Storage, 'getItem' | 'setItem'>): string {
  try {
    // Reading localStorage itself can throw (storage blocked by the browser's settings).
    storage ??= globalThis.localStorage
    const stored = storage?.getItem(storageKey)
    if (stored && /^[0-9a-f]{32}$/.test(stored)) return stored
    const id = randomId()
    storage?.setItem(storageKey, id)
    return id
  } catch {
    return randomId()
  }
}

/** 128 random bits as hex (crypto.randomUUID exists only in secure contexts; a classroom's plain http is not one). */
function randomId(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}
