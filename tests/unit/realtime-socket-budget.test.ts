import { describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { socketBudget, type BudgetedSocket, type SocketLimits } from '../../supabase/local/realtime/socket-budget.ts'

const limits: SocketLimits = { signedInPerAddress: 2, signedIn: 3, anonymousPerAddress: 2, anonymous: 3 }
const room = '10.0.0.1'
const open = WebSocket.OPEN
const closing = WebSocket.CLOSING

/** A socket as the server keeps it; `closedWith` records how the budget closed it, if it did. */
function fakeSocket(address: string, signedIn = false) {
  const socket = {
    address,
    signedIn,
    joinBeingChecked: false,
    closedWith: undefined as [number | undefined, string | Buffer | undefined] | undefined,
    ws: {
      OPEN: open,
      readyState: open as BudgetedSocket['ws']['readyState'],
      close: (code?: number, reason?: string | Buffer) => {
        socket.closedWith = [code, reason]
        socket.ws.readyState = closing
      },
    },
  }
  return socket satisfies BudgetedSocket
}

function serverWith(...sockets: Array<ReturnType<typeof fakeSocket>>) {
  const live = new Set<BudgetedSocket>(sockets)
  return { live, budget: socketBudget(live, limits) }
}

const closedOnes = (sockets: Array<ReturnType<typeof fakeSocket>>) => sockets.filter((s) => s.closedWith !== undefined)

describe('anonymous sockets: the oldest makes room, nobody is refused', () => {
  it('closes the oldest anonymous socket of an address once its share is full, and no other', () => {
    const [first, second] = [fakeSocket(room), fakeSocket(room)]
    const elsewhere = fakeSocket('10.0.0.2')
    const { budget } = serverWith(elsewhere, first, second)

    budget.makeRoomForAnonymous(room)

    expect(first.closedWith).toEqual([1008, 'Too many anonymous connections'])
    expect(closedOnes([second, elsewhere])).toEqual([])
  })

  it('closes nothing while the address has room', () => {
    const sockets = [fakeSocket(room), fakeSocket('10.0.0.2')]
    const { budget } = serverWith(...sockets)

    budget.makeRoomForAnonymous(room)

    expect(closedOnes(sockets)).toEqual([])
  })

  it('closes the oldest anonymous socket of any address once the whole budget is full', () => {
    const sockets = [fakeSocket('10.0.0.2'), fakeSocket('10.0.0.3'), fakeSocket('10.0.0.4')]
    const { budget } = serverWith(...sockets)

    budget.makeRoomForAnonymous(room)

    expect(closedOnes(sockets)).toEqual([sockets[0]])
  })

  it('spares a socket whose join is being checked (it may be an administrator signing in) and takes the next oldest', () => {
    const [joining, idle] = [fakeSocket(room), fakeSocket(room)]
    joining.joinBeingChecked = true
    const { budget } = serverWith(joining, idle)

    budget.makeRoomForAnonymous(room)

    expect(closedOnes([joining, idle])).toEqual([idle])
  })

  it('never closes a signed-in socket, nor counts one, nor counts a socket already closing', () => {
    const admins = [fakeSocket(room, true), fakeSocket(room, true)]
    const gone = fakeSocket(room)
    gone.ws.readyState = closing
    const anonymous = fakeSocket(room)
    const { budget } = serverWith(...admins, gone, anonymous)

    budget.makeRoomForAnonymous(room)

    expect(closedOnes([...admins, gone, anonymous])).toEqual([])
  })

  it('makes room only once when the address share and the whole budget are both full', () => {
    const sockets = [fakeSocket('10.0.0.2'), fakeSocket(room), fakeSocket(room)]
    const { budget } = serverWith(...sockets)

    budget.makeRoomForAnonymous(room)

    // The address's oldest leaves, which also frees a place in the whole budget.
    expect(closedOnes(sockets)).toEqual([sockets[1]])
  })
})

describe('signed-in sockets: refused beyond their own limits', () => {
  it('refuses a third from one address, while another address is welcome', () => {
    const { budget } = serverWith(fakeSocket(room, true), fakeSocket(room, true))

    expect(budget.signedInRefusal(room)).toBe('Too many connections from this address')
    expect(budget.signedInRefusal('10.0.0.2')).toBeUndefined()
  })

  it('refuses any address once the whole signed-in budget is taken, whatever the anonymous sockets', () => {
    const { budget, live } = serverWith(fakeSocket('10.0.0.2', true), fakeSocket('10.0.0.3', true), fakeSocket(room))
    expect(budget.signedInRefusal(room)).toBeUndefined()

    live.add(fakeSocket('10.0.0.4', true))

    expect(budget.signedInRefusal(room)).toBe('Too many connections')
  })
})
