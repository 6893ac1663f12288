/** Where `now` stands against an exam window, which includes both of its ends (docs/product.md#exam-window-and-time). */
export type ScheduleWindowStatus = 'upcoming' | 'active' | 'ended'

/** The admin list's badge: an inactive schedule is Inactive whatever its dates. */
export type ScheduleDisplayStatus = ScheduleWindowStatus | 'inactive'

export interface ScheduleWindow {
  start_time: string
  end_time: string
}

export function scheduleWindowStatus(window: ScheduleWindow, now: Date): ScheduleWindowStatus {
  const time = now.getTime()
  if (time < Date.parse(window.start_time)) return 'upcoming'
  if (time > Date.parse(window.end_time)) return 'ended'
  return 'active'
}

export function scheduleDisplayStatus(schedule: ScheduleWindow & { is_active: boolean }, now: Date): ScheduleDisplayStatus {
  return schedule.is_active ? scheduleWindowStatus(schedule, now) : 'inactive'
}
