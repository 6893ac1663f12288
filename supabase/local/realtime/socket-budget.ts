import type { WebSocket } from 'ws'

/**
 * How many sockets the server keeps, by client address (an IPv6 /64) and in all. Every binding
 * of every socket is work done for every change of its table, before the writer's next request
 * gets the database (PGlite has one connection), so the number of sockets is bounded.
 */
export interface SocketLimits {
  signedInPerAddress: number
  signedIn: number
  anonymousPerAddress: number
  anonymous: number
}

export const realtimeSocketLimits: SocketLimits = {
  /**
   * Only administrators' screens use Realtime (students never open a socket), one per browser
   * tab: these leave room for a whole staff behind one NAT while bounding the bindings every
   * change is checked against.
   */
  signedInPerAddress: 50,
  signedIn: 1000,
  /**
   * The anon key is public, so anonymous sockets are anyone's: they never take from the
   * signed-in budget, and when theirs is full the oldest anonymous socket is closed to make room
   * rather than the newcomer refused, because an administrator's socket is anonymous too until
   * its first join arrives.
   */
  anonymousPerAddress: 10,
  anonymous: 200,
}

/** What the budget reads of a socket (a Connection has all of it). */
export interface BudgetedSocket {
  address: string
  signedIn: boolean
  /** An anonymous socket whose join is being checked is not the one evicted to make room. */
  joinBeingChecked: boolean
  ws: Pick<WebSocket, 'readyState' | 'OPEN' | 'close'>
}

export interface SocketBudget {
  /** Why one more signed-in socket from `address` is refused, or undefined when it is welcome. */
  signedInRefusal(address: string): string | undefined
  /**
   * Room for one more anonymous socket from `address`: when its share or the whole anonymous
   * budget is taken, the oldest anonymous socket (of that address, or of any) that is not having
   * a join checked is closed.
   */
  makeRoomForAnonymous(address: string): void
}

/** The budget of `sockets`, the server's live set of sockets (a Set iterates oldest first). */
export function socketBudget(sockets: Iterable<BudgetedSocket>, limits: SocketLimits = realtimeSocketLimits): SocketBudget {
  return {
    signedInRefusal: (address) => {
      const signedIn = [...sockets].filter((socket) => socket.signedIn)
      if (signedIn.length >= limits.signedIn) return 'Too many connections'
      const fromAddress = signedIn.filter((socket) => socket.address === address).length
      return fromAddress >= limits.signedInPerAddress ? 'Too many connections from this address' : undefined
    },
    makeRoomForAnonymous: (address) => {
      const anonymous = [...sockets].filter((socket) => !socket.signedIn && socket.ws.readyState === socket.ws.OPEN)
      const fromAddress = anonymous.filter((socket) => socket.address === address)
      const evictOldest = (among: BudgetedSocket[]) => {
        const oldest = among.find((socket) => !socket.joinBeingChecked)
        if (!oldest) return
        oldest.ws.close(1008, 'Too many anonymous connections')
        anonymous.splice(anonymous.indexOf(oldest), 1)
      }
      if (fromAddress.length >= limits.anonymousPerAddress) evictOldest(fromAddress)
      if (anonymous.length >= limits.anonymous) evictOldest(anonymous)
    },
  }
}
