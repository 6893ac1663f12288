import { scheduleWindowStatus, type ScheduleWindow } from './schedule-status'

/** The newest active exam_schedule row, as far as students need it. */
export interface ActiveSchedule extends ScheduleWindow {
  exam_name: string
  duration_minutes: number
}

/** Without an active schedule the exam is always open (the server's rule too). */
export function isExamWindowOpen(schedule: ScheduleWindow | null, now: Date): boolean {
  return schedule === null || scheduleWindowStatus(schedule, now) === 'active'
}
