import { useEffect, useRef, useState } from 'react'
import { counted } from '../../../domain/counted'
import { scheduleDisplayStatus, type ScheduleDisplayStatus } from '../../../domain/schedule-status'
import {
  draftFromSchedule,
  emptyScheduleDraft,
  scheduleFieldsFromDraft,
  shuffleDescription,
  type ScheduleDraft,
  type ScheduleFields,
} from '../../../domain/schedule-draft'
import {
  createSchedule,
  deleteSchedule,
  listSchedules,
  setScheduleActive,
  updateSchedule,
  type ExamSchedule,
} from '../../../lib/admin/admin-schedules'
import { AdminPage } from '../components/admin-page'
import { formatDateTime } from '../components/format'
import { useAdminEditor } from '../components/use-admin-editor'
import { useAdminData } from '../components/use-admin-data'
import { useFlashMessages } from '../components/use-flash-messages'
import { useNow } from '../components/use-now'
import { useExamChoice } from '../components/exam-choice'
import { ScheduleForm } from './schedule-form'
import './exam-schedule-page.css'

const statusBadge: Record<ScheduleDisplayStatus, { label: string; tone: string }> = {
  inactive: { label: 'Inactive', tone: 'grey' },
  upcoming: { label: 'Upcoming', tone: 'blue' },
  active: { label: 'Active', tone: 'green' },
  ended: { label: 'Ended', tone: 'red' },
}

export function ExamSchedulePage() {
  const messages = useFlashMessages()
  const { examId, exam, examArgs, several, picker } = useExamChoice()
  const { data: schedules, reload } = useAdminData([examId], () => listSchedules(...examArgs), messages.showError)
  // A new sitting starts with its exam's settings, named after the exam where several are in use.
  const newDraft = () => emptyScheduleDraft(exam && (several ? exam : { ...exam, name: undefined }))
  // Badges move from Upcoming to Active to Ended while the screen stays open.
  const now = useNow(15_000)
  const [draft, setDraft] = useState<ScheduleDraft>(newDraft)
  const firstField = useRef<HTMLInputElement>(null)
  const editor = useAdminEditor<ExamSchedule, ScheduleFields>({
    messages,
    reload,
    create: (fields) => createSchedule(fields, ...examArgs),
    update: updateSchedule,
    saved: { created: 'Exam schedule created successfully', updated: 'Exam schedule updated successfully' },
    emptyDraft: () => setDraft(newDraft()),
  })
  const { startNew } = editor
  // Another exam picked: the form starts a sitting of that exam.
  const shownExam = useRef(examId)
  useEffect(() => {
    if (shownExam.current === examId) return
    shownExam.current = examId
    startNew()
  }, [examId, startNew])

  function toggle(schedule: ExamSchedule) {
    return editor.change(
      () => setScheduleActive(schedule.id, !schedule.is_active),
      schedule.is_active ? 'Exam schedule deactivated successfully' : 'Exam schedule activated successfully',
    )
  }

  async function remove(schedule: ExamSchedule) {
    if (!window.confirm('Are you sure you want to delete this exam schedule?')) return
    await editor.remove(schedule, () => deleteSchedule(schedule.id), 'Exam schedule deleted successfully')
  }

  return (
    <AdminPage title="Exam Schedule" messages={messages} picker={picker}>
      <div className="admin-side-layout">
        <ScheduleForm
          draft={draft}
          editing={editor.editing !== null}
          saving={editor.saving}
          onChange={setDraft}
          onSubmit={() => void editor.save(scheduleFieldsFromDraft(draft))}
          onCancel={editor.startNew}
          firstFieldRef={firstField}
        />
        <section aria-labelledby="schedule-list-title">
          <h2 id="schedule-list-title">Schedules</h2>
          {schedules?.length === 0 && (
            <p className="admin-empty">No exam schedules created yet. Create your first schedule to get started.</p>
          )}
          {schedules && schedules.length > 0 && (
            <ul className="schedule-list" aria-label="Exam schedules">
              {schedules.map((schedule) => {
                const badge = statusBadge[scheduleDisplayStatus(schedule, now)]
                // Students get the newest active schedule (the list is newest first); say so when others are ignored.
                const inEffect = schedules.find((s) => s.is_active)
                const overriddenBy = schedule.is_active && inEffect && inEffect.id !== schedule.id ? inEffect : undefined
                return (
                  <li key={schedule.id} className="admin-panel schedule-item">
                    <div className="schedule-item__header">
                      <h3>{schedule.exam_name}</h3>
                      <span className={`admin-badge admin-badge--${badge.tone}`}>{badge.label}</span>
                    </div>
                    {overriddenBy && (
                      <p className="admin-muted">
                        Not in effect: students take the newer active schedule “{overriddenBy.exam_name}”.
                      </p>
                    )}
                    <dl className="schedule-item__facts">
                      <div>
                        <dt>Start</dt>
                        <dd>{formatDateTime(schedule.start_time)}</dd>
                      </div>
                      <div>
                        <dt>End</dt>
                        <dd>{formatDateTime(schedule.end_time)}</dd>
                      </div>
                      <div>
                        <dt>Duration</dt>
                        <dd>{counted(schedule.duration_minutes, 'minute')}</dd>
                      </div>
                      <div>
                        <dt>Order</dt>
                        <dd>{shuffleDescription(schedule)}</dd>
                      </div>
                    </dl>
                    <div className="admin-button-row">
                      <button
                        type="button"
                        className="admin-button admin-button--small"
                        aria-label={`${schedule.is_active ? 'Deactivate' : 'Activate'} ${schedule.exam_name}`}
                        onClick={() => void toggle(schedule)}
                      >
                        {schedule.is_active ? 'Deactivate' : 'Activate'}
                      </button>
                      <button
                        type="button"
                        className="admin-button admin-button--small"
                        aria-label={`Edit ${schedule.exam_name}`}
                        onClick={() => {
                          editor.setEditing(schedule)
                          setDraft(draftFromSchedule(schedule))
                          firstField.current?.focus()
                        }}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="admin-button admin-button--small admin-button--danger"
                        aria-label={`Delete ${schedule.exam_name}`}
                        onClick={() => void remove(schedule)}
                      >
                        Delete
                      </button>
                    </div>
                  </li>
                )
              })}
            </ul>
          )}
        </section>
      </div>
    </AdminPage>
  )
}
