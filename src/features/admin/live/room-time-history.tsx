import { useId } from 'react'
import { formatMinutes } from '../../../domain/extra-time'
import type { RoomTimeAddition } from '../../../lib/admin/room-time'
import { formatDateTime } from '../components/format'
import { counted } from '../../../domain/counted'

/** Each time added for everyone in the last 24 hours: how much, for how many students, by whom and when. */
export function RoomTimeHistory({ additions }: { additions: RoomTimeAddition[] }) {
  const titleId = useId()
  if (additions.length === 0) return null
  return (
    <section className="admin-panel" aria-labelledby={titleId}>
      <h2 id={titleId}>Time added for everyone</h2>
      <ul>
        {additions.map((addition) => (
          <li key={addition.id}>
            {formatMinutes(addition.minutes)} for {counted(addition.login_codes.length, 'student')}, by{' '}
            {addition.added_by_email ?? 'an administrator'} at {formatDateTime(addition.added_at)}
          </li>
        ))}
      </ul>
    </section>
  )
}
