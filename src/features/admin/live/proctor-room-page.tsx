import { useEffect, useId, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { untilStatusChangesMs } from '../../../domain/attempt-status'
import { counted } from '../../../domain/counted'
import { roomOutage } from '../../../domain/room-outage'
import {
  listLiveAttempts,
  loadAttemptCode,
  loadLiveAttemptCounts,
  roomOrders,
  type AttemptCode,
  type LiveAttempt,
  type RoomFilter,
  type RoomOrder,
} from '../../../lib/admin/admin-attempts'
import { listSchedules } from '../../../lib/admin/admin-schedules'
import { loadAll } from '../../../lib/admin/admin-reads'
import { listRoomTimeAdditions } from '../../../lib/admin/room-time'
import type { LiveTable } from '../../../lib/admin/table-changes'
import { AdminPage } from '../components/admin-page'
import { Pager } from '../components/pager'
import { StatCard, StatCards } from '../components/stat-card'
import { useFlashMessages } from '../components/use-flash-messages'
import { useLiveAdminData } from '../components/use-live-admin-data'
import { useNow } from '../components/use-now'
import { usePageChoice } from '../components/use-page-choice'
import { useAdminData } from '../components/use-admin-data'
import { useExamChoice, useExams } from '../components/exam-choice'
import { ExtraTimeDialog } from '../components/extra-time-dialog'
import { AddTimeDialog, addedText } from './add-time-dialog'
import { AnswerFileUpload } from './answer-file-upload'
import { attemptStudent } from './attempt-facts'
import { AttemptsTable } from './attempts-table'
import { GuessingLimitsPanel } from './guessing-limits-panel'
import { MoveAttemptDialog } from './move-attempt-dialog'
import { NoteDialog } from './note-dialog'
import { RoomOutageBanner } from './room-outage-banner'
import { RoomTimeHistory } from './room-time-history'
import './proctor-room-page.css'

/** Attempts report progress, submissions end them, codes carry the extra time (time for everyone too). */
const attemptTables: LiveTable[] = ['exam_attempts', 'submissions', 'login_codes']
/** How many attempts the table shows at a time. */
export const attemptsPerPage = 100
/** A status changed by this clock that the server had not changed yet (this clock is ahead): ask again this much later. */
const statusRecheckMs = 1000

/** The order in the address (`?order=`), so that it survives a reload; by name without one. */
const orderParameter = 'order'
const orderLabels: Record<RoomOrder, string> = { name: 'Name', seat: 'Seat', problems: 'Problems first' }

function useRoomOrder(): [RoomOrder, (order: RoomOrder) => void] {
  const [searchParams, setSearchParams] = useSearchParams()
  const asked = searchParams.get(orderParameter)
  const order = roomOrders.find((choice) => choice === asked) ?? 'name'
  const choose = (next: RoomOrder) =>
    setSearchParams((params) => {
      const changed = new URLSearchParams(params)
      if (next === 'name') changed.delete(orderParameter)
      else changed.set(orderParameter, next)
      return changed
    })
  return [order, choose]
}

/**
 * /admin/live: every exam started in the last 24 hours, live, in the proctor's order (by name, by
 * seat, or problems first), a page at a time; a banner when most of the room's devices stopped
 * reporting together. The server gives each attempt its status, the order and the counts; the
 * clock here ticks every second, so time left and "last seen" move, and the page is read again the
 * moment a device on it falls silent for long enough to be offline, or a silent one passes its
 * deadline (then it holds its submission), which no change on the server announces.
 */
export function ProctorRoomPage() {
  const messages = useFlashMessages()
  const { examId, exam, examArgs, several, picker } = useExamChoice({ allowAll: true })
  const { exams } = useExams()
  // The sitting filter belongs to the exam picked: another exam shows all of its sittings.
  const [chosenSitting, setChosenSitting] = useState({ examId, sittingId: '' })
  const sittingId = chosenSitting.examId === examId ? chosenSitting.sittingId : ''
  const { data: sittings } = useAdminData(
    [examId],
    async () => (examId && several ? listSchedules(examId) : { ok: true as const, data: [] }),
    messages.showError,
  )
  const sitting = sittings?.find((row) => row.id === sittingId)
  // Without any filter the calls stay today's: no exam, no sitting named.
  const room: RoomFilter | undefined = examId ? { examId, sittingId: sitting?.id } : undefined
  const roomArgs: [] | [RoomFilter] = room ? [room] : []
  const [order, setOrder] = useRoomOrder()
  const attemptsPage = usePageChoice(attemptsPerPage)
  const { read: readAttempts } = attemptsPage
  const load = () =>
    loadAll({
      attempts: readAttempts((pageIndex, pageSize) => listLiveAttempts(pageIndex, pageSize, room, order)),
      counts: loadLiveAttemptCounts(...roomArgs),
      roomTime: listRoomTimeAdditions(...examArgs),
    })
  const { data, reload, live } = useLiveAdminData(
    [attemptsPage.pageIndex, examId, sitting?.id, order],
    load,
    messages.showError,
    attemptTables,
  )
  const sittingFieldId = useId()
  const orderFieldId = useId()
  const now = useNow(1000)
  const [addingTime, setAddingTime] = useState(false)
  const [moving, setMoving] = useState<LiveAttempt | null>(null)
  const [noting, setNoting] = useState<LiveAttempt | null>(null)
  const [givingTime, setGivingTime] = useState<{ attempt: LiveAttempt; code: AttemptCode } | null>(null)
  async function openExtraTime(attempt: LiveAttempt) {
    const code = await loadAttemptCode(attempt.login_code)
    if (code.ok) setGivingTime({ attempt, code: code.data })
    else messages.showError(code.error)
  }
  const outage = data && roomOutage(data.counts, now)

  useEffect(() => {
    if (!data) return
    const untilChange = untilStatusChangesMs(data.attempts.rows, new Date())
    if (untilChange === undefined) return
    const timer = setTimeout(() => void reload(), untilChange > 0 ? untilChange : statusRecheckMs)
    return () => clearTimeout(timer)
  }, [data, reload])

  return (
    <AdminPage title="Proctor Room" subtitle="Exams started in the last 24 hours" messages={messages} live={live} picker={picker}>
      {sittings && sittings.length > 1 && (
        <div className="admin-exam-picker">
          <label htmlFor={sittingFieldId}>Sitting</label>
          <select
            id={sittingFieldId}
            value={sittingId}
            onChange={(event) => setChosenSitting({ examId, sittingId: event.target.value })}
          >
            <option value="">All sittings</option>
            {sittings.map((row) => (
              <option key={row.id} value={row.id}>
                {row.exam_name}
              </option>
            ))}
          </select>
        </div>
      )}
      <StatCards label="Attempt statistics">
        <StatCard label="Offline" value={data?.counts.offline} tone="warn" />
        <StatCard label="Not yet received" value={data?.counts.submitted_on_device} tone="warn" />
        <StatCard label="Refused" value={data?.counts.refused} tone="warn" />
        <StatCard label="On track" value={data?.counts.on_track} tone="good" />
        <StatCard label="Received" value={data?.counts.received} />
      </StatCards>
      <GuessingLimitsPanel onError={messages.showError} onSuccess={messages.showSuccess} />

      <div className="admin-button-row">
        <button type="button" className="admin-button" onClick={() => setAddingTime(true)}>
          Add time for everyone
        </button>
      </div>
      {data && <RoomTimeHistory additions={data.roomTime} />}
      {addingTime && (
        <AddTimeDialog
          room={exam && room && { ...room, label: sitting ? `${exam.name}, ${sitting.exam_name}` : exam.name }}
          exams={several ? exams.filter((choice) => choice.archived_at === null) : []}
          onClose={() => setAddingTime(false)}
          onAdded={(minutes, students) => {
            setAddingTime(false)
            messages.showSuccess(addedText(minutes, students))
            void reload()
          }}
        />
      )}

      <div className="admin-exam-picker">
        <label htmlFor={orderFieldId}>Order</label>
        <select
          id={orderFieldId}
          value={order}
          onChange={(event) => setOrder(roomOrders.find((choice) => choice === event.target.value) ?? 'name')}
        >
          {roomOrders.map((choice) => (
            <option key={choice} value={choice}>
              {orderLabels[choice]}
            </option>
          ))}
        </select>
      </div>
      <RoomOutageBanner since={outage?.since} />
      {data &&
        (data.attempts.total === 0 ? (
          <p className="admin-empty">No exams started in the last 24 hours</p>
        ) : (
          <>
            <AttemptsTable
              attempts={data.attempts.rows}
              order={order}
              showExam={several}
              context={{
                now,
                outage,
                onMove: setMoving,
                onNote: setNoting,
                onExtraTime: (attempt) => void openExtraTime(attempt),
              }}
            />
            <Pager label="Pages of exam attempts" page={data.attempts} choice={attemptsPage} />
          </>
        ))}

      {/* The row changes only once the student resumes, which Realtime brings. */}
      {moving && <MoveAttemptDialog key={moving.id} attempt={moving} onClose={() => setMoving(null)} />}
      {noting && (
        <NoteDialog
          key={noting.id}
          attempt={noting}
          onClose={() => setNoting(null)}
          onSaved={() => {
            setNoting(null)
            messages.showSuccess('Note saved')
            void reload()
          }}
        />
      )}
      {/* The code's extra time, as the Login Code Manager sets it: the server moves the running deadline too. */}
      {givingTime && (
        <ExtraTimeDialog
          key={givingTime.attempt.id}
          code={givingTime.code}
          onClose={() => setGivingTime(null)}
          onSaved={(minutes) => {
            setGivingTime(null)
            messages.showSuccess(`Extra time for ${attemptStudent(givingTime.attempt)} set to ${counted(minutes, 'minute')}`)
          }}
        />
      )}

      <AnswerFileUpload onRecorded={() => void reload()} />
    </AdminPage>
  )
}
