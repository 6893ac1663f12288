import { formatTime } from '../components/format'

/**
 * Most of the room's devices stopped reporting together (src/domain/room-outage.ts): one event,
 * most likely the Wi-Fi, said once above the table rather than as a wall of offline rows. The
 * status region stays in place, empty without an outage, so that screen readers announce the
 * banner as it comes.
 */
export function RoomOutageBanner({ since }: { since: string | undefined }) {
  return (
    <div role="status" className={since ? 'room-outage' : undefined}>
      {since &&
        `The room stopped reporting at ${formatTime(since)} (Wi-Fi?): students can keep working; their answers are safe on their devices`}
    </div>
  )
}
