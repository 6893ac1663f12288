import { scheduleWindowStatus, type ScheduleWindow } from './schedule-status'

/** The newest active exam_schedule row, as far as students need it. */
export interface ActiveSchedule extends ScheduleWindow {
  exam_name: string
  duration_minutes: number
}

/**
 * Whether no code may start yet: the window has not opened (extra minutes move only its end).
 * Without an active schedule the exam is always open (the server's rule too). After the end the
 * device cannot tell: a code's extra minutes may still reach now, which only the server knows.
 */
export function isBeforeExamWindow(schedule: ScheduleWindow | null, now: Date): boolean {
  return schedule !== null && scheduleWindowStatus(schedule, now) === 'upcoming'
}
