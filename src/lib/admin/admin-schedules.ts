import type { ScheduleFields } from '../../domain/schedule-draft'
import { adminRequest, type AdminResult } from './admin-result'
import type { Tables } from '../api/database.types'
import { getSupabase } from '../api/supabase'
import { inExam } from './admin-exams'

export type ExamSchedule = Tables<'exam_schedule'>

/** The sittings of `examId` (of every exam when undefined), newest first. */
export function listSchedules(examId?: string): Promise<AdminResult<ExamSchedule[]>> {
  return adminRequest({ message: 'Failed to load exam schedules' }, () => {
    const query = getSupabase().from('exam_schedule').select('*')
    return (examId ? query.eq('exam_id', examId) : query).order('created_at', { ascending: false })
  })
}

export function createSchedule(fields: ScheduleFields, examId?: string): Promise<AdminResult<null>> {
  return adminRequest({ message: 'Failed to save exam schedule', preferServerMessage: true }, () =>
    getSupabase().from('exam_schedule').insert(inExam(fields, examId)),
  )
}

export function updateSchedule(id: string, fields: ScheduleFields): Promise<AdminResult<null>> {
  return adminRequest({ message: 'Failed to save exam schedule', preferServerMessage: true }, () =>
    getSupabase().from('exam_schedule').update(fields).eq('id', id),
  )
}

export function setScheduleActive(id: string, isActive: boolean): Promise<AdminResult<null>> {
  return adminRequest({ message: 'Failed to update exam schedule status' }, () =>
    getSupabase().from('exam_schedule').update({ is_active: isActive }).eq('id', id),
  )
}

export function deleteSchedule(id: string): Promise<AdminResult<null>> {
  return adminRequest({ message: 'Failed to delete exam schedule' }, () =>
    getSupabase().from('exam_schedule').delete().eq('id', id),
  )
}
