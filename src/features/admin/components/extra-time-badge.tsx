import { formatExtraTime } from '../../../domain/extra-time'

/** A login code's extra time, e.g. "+15 min", read out as extra time. */
export function ExtraTimeBadge({ minutes }: { minutes: number }) {
  return (
    <span className="admin-badge admin-badge--grey">
      {formatExtraTime(minutes)}
      <span className="visually-hidden"> extra time</span>
    </span>
  )
}
