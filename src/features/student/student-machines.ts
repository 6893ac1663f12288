import { fromCallback, fromPromise, type EventObject } from 'xstate'
import { examSessionMachine, type AttemptReporterEvent, type ProgressWriterEvent } from '../../../machines/exam-session.machine'
import { scheduleStatusMachine } from '../../../machines/schedule-status.machine'
import {
  studentFlowMachine,
  type AttemptResume,
  type CodeLookup,
  type ExamStart,
  type ResumePoint,
  type StudentDetails,
  type SubmissionWatchEvent,
} from '../../../machines/student-flow.machine'
import { codeWindowNotOpen } from '../../domain/active-schedule'
import { buildAttemptReport, type ReportedAttemptState } from '../../domain/attempt-report'
import { errorMessage } from '../../domain/error-message'
import { windowCutsExamShort } from '../../domain/exam-deadline'
import { deviceTime, startAttempt, type Answers, type ExamAttempt } from '../../domain/exam-attempt'
import { normalizeLoginCode } from '../../domain/login-code'
import { isStoragePersistent, requestPersistentStorage } from '../../lib/browser/persistent-storage'
import { subscribeWhenLoaded } from '../../lib/browser/subscribe-when-loaded'
import { examSittingsOrCached } from '../../lib/offline/active-schedule-cache'
import { createProgressQueue } from '../../lib/offline/progress-queue'
import { examDatabaseExists } from '../../lib/offline/exam-db-exists'
import { checkLoginCode, fetchExamQuestions, resumeExamAttempt, type ServedExam } from '../../lib/student/student-api'
import {
  clearPendingStart,
  clearStudentSession,
  pendingStartAttemptId,
  readStudentSession,
  writeStudentSession,
} from '../../lib/offline/student-session'
import { newSubmissionId } from '../../lib/offline/submission-id'

// The device's exam storage (Dexie) and the sync worker on it are chunks of their own, loaded on first use:
// the code step is on screen before they arrive (a first visit has nothing stored to resume).
const attemptStore = () => import('../../lib/offline/attempt-store')
const outbox = () => import('../../lib/offline/outbox')
const attemptReports = () => import('../../lib/sync/attempt-reports')
const syncWorker = () => import('../../lib/sync/sync-worker')

/** Fetches the storage code while the student types the login code, so Continue waits only for the server. */
export function preloadExamStorage(): void {
  void outbox()
  void attemptStore()
}

/** Starts the progress worker while the student types their name, so its script is in before the first answer. */
export function preloadProgressWorker(): void {
  void import('../../lib/offline/progress-writer').then(({ startProgressWorker }) => startProgressWorker())
}

/** Starts the sync worker (once) and has it send what is waiting now. */
async function syncNow(): Promise<void> {
  const { startSubmissionSync, submissionSync } = await syncWorker()
  startSubmissionSync()
  await submissionSync().syncNow()
}

/** Where a student returning to /student picks up. */
async function resume(): Promise<ResumePoint> {
  const session = readStudentSession()
  const stored = await examDatabaseExists()
  if (session) {
    const attempt = stored
      ? await attemptStore()
          .then((store) => store.latestAttemptFor(normalizeLoginCode(session.loginCode)))
          .catch(() => undefined)
      : undefined
    return attempt ? { kind: 'attempt', attempt } : { kind: 'session', session }
  }
  if (!stored) return { kind: 'none' }
  // The session is gone (cleared storage, another browser profile) but the exam is not.
  const unfinished = await (await attemptStore()).unfinishedAttempt()
  if (!unfinished) return { kind: 'none' }
  writeStudentSession({ loginCode: unfinished.loginCode, studentName: unfinished.studentName })
  return { kind: 'attempt', attempt: unfinished }
}

async function lookUpLoginCode(code: string, signal: AbortSignal): Promise<CodeLookup> {
  // The server still thinks the code is free while this device holds its unsent submission (kept under the
  // code as stored, which a code typed with 0 for O only matches once the server has named it).
  const entries = await outbox()
  if (await entries.findPendingSubmission(code)) return { outcome: 'used', loginCode: code, exam: null }
  const lookup = await checkLoginCode(code, signal)
  if (lookup.loginCode !== null && lookup.loginCode !== code && (await entries.findPendingSubmission(lookup.loginCode)))
    return { outcome: 'used', loginCode: lookup.loginCode, exam: null }
  // The code's own exam's sitting, on this device's clock; after the window's end the server decides:
  // the code's extra minutes may still let it start.
  if (codeWindowNotOpen(lookup, new Date())) return { ...lookup, outcome: 'exam_closed' }
  return lookup
}

async function startExam(student: StudentDetails): Promise<ExamStart> {
  const attemptId = pendingStartAttemptId(student, newSubmissionId)
  const answer = await fetchExamQuestions(student.loginCode, attemptId, student.studentName)
  if (answer.outcome !== 'ok') return { outcome: answer.outcome }
  const attempt = await storeServedAttempt(attemptId, student, answer)
  return { outcome: 'started', attempt }
}

/**
 * Resumes here the code's exam in progress on another device, with the proctor's PIN: the same questions
 * and deadline, and the server's copy of the answers and flags, which is also what this device knows the
 * server holds. A lost answer is asked again with the same attempt id (kept like a start's).
 */
async function resumeOnThisDevice({ loginCode, pin }: { loginCode: string; pin: string }): Promise<AttemptResume> {
  const attemptId = pendingStartAttemptId({ loginCode, studentName: '' }, newSubmissionId)
  const answer = await resumeExamAttempt(loginCode, pin, attemptId)
  if (answer.outcome !== 'ok') return { outcome: answer.outcome }
  const { answers, flags, savedAt } = answer.restored
  const attempt = await storeServedAttempt(attemptId, { loginCode, studentName: answer.studentName }, answer, { answers, flags })
  const copy =
    savedAt === null ? null : { answers, flags, reportedAt: savedAt, receivedAt: deviceTime(savedAt, attempt.serverOffsetMs) }
  await (await attemptReports()).recordRestoredCopy({ attemptId, copy, movedAt: null })
  return { outcome: 'resumed', attempt, resumedFrom: { answers: Object.keys(answers).length, savedAt: copy?.receivedAt ?? null } }
}

/** Stores on the device the attempt the server served (with what it restored, after a move). */
async function storeServedAttempt(
  attemptId: string,
  student: StudentDetails,
  served: ServedExam,
  restored?: { answers: Answers; flags: number[] },
): Promise<ExamAttempt> {
  const receivedAt = Date.now()
  const attempt = startAttempt({
    id: attemptId,
    ...student,
    // The code as the server stores it: shown on the exam, and what the answer file's tag is computed over.
    loginCode: served.loginCode ?? student.loginCode,
    questions: served.questions,
    startedAt: receivedAt,
    durationMinutes: served.durationMinutes + served.extraMinutes,
    deadlineIso: served.deadline,
    // The deadline is the server's; measured against the device clock once, here.
    serverOffsetMs: Date.parse(served.serverNow) - receivedAt,
    answerFileKey: served.answerFileKey,
    examName: served.examName,
    // Told at a fresh start only: a resumed exam started earlier, on the other device.
    closesEarly:
      restored === undefined &&
      windowCutsExamShort({
        startMs: Date.parse(served.serverNow),
        deadlineMs: Date.parse(served.deadline),
        durationMinutes: served.durationMinutes + served.extraMinutes,
      }),
    ...restored,
  })
  await (await attemptStore()).saveNewAttempt(attempt)
  clearPendingStart()
  // Asked now, the browser is less likely to evict the attempt under storage pressure; its answer
  // goes with the reports that follow, so the proctor knows a device that may lose its answers.
  void requestPersistentStorage()
  return attempt
}

/** A report for the proctor; it never holds the exam up, and one that cannot be stored is simply skipped (the next comes in 30 s). */
function reportAttempt(attempt: ExamAttempt, state: ReportedAttemptState): void {
  const report = buildAttemptReport(attempt, state, Date.now(), navigator.onLine, isStoragePersistent())
  Promise.all([attemptReports(), syncWorker()])
    .then(([reports, sync]) => reports.recordAttemptReport(report).then(() => sync.submissionSync().reportNow()))
    .catch(() => undefined)
}

/** The exam session with its real I/O: the attempt store and progress worker, the outbox, the sync worker and the browser's online events. */
const liveExamSessionMachine = examSessionMachine.provide({
  actors: {
    progressWriter: fromCallback<ProgressWriterEvent>(({ receive, sendBack }) => {
      // The progress queue orders, coalesces and stores the changes; the session hears which revision is saved.
      const progress = createProgressQueue()
      receive(({ attempt, revision }) => {
        progress.save(attempt).then(
          () => sendBack({ type: 'PROGRESS_SAVED', revision }),
          (error: unknown) => sendBack({ type: 'PROGRESS_SAVE_FAILED', revision, message: errorMessage(error) }),
        )
      })
    }),
    submitAttempt: fromPromise(async ({ input }) => {
      const status = await (await outbox()).queueSubmission(input.attempt, Date.now())
      void syncNow()
      return status
    }),
    attemptReporter: fromCallback<AttemptReporterEvent>(({ receive, sendBack }) => {
      receive((event) => reportAttempt(event.attempt, event.state))
      const restored = () => sendBack({ type: 'CONNECTION_RESTORED' })
      window.addEventListener('online', restored)
      return () => window.removeEventListener('online', restored)
    }),
    watchDeadline: fromCallback<EventObject, { attemptId: string }>(({ input, sendBack }) =>
      subscribeWhenLoaded(async () =>
        (await attemptStore()).watchAttemptDeadline(input.attemptId, (deadline) =>
          sendBack({ type: 'DEADLINE_CHANGED', deadline }),
        ),
      ),
    ),
    watchServerCopy: fromCallback<EventObject, { attemptId: string }>(({ input, sendBack }) =>
      subscribeWhenLoaded(async () =>
        (await attemptReports()).watchServerCopy(input.attemptId, ({ copy, movedAt }) => {
          sendBack({ type: 'SERVER_COPY_CHANGED', copy })
          if (movedAt !== null) sendBack({ type: 'MOVED' })
        }),
      ),
    ),
  },
})

/** The student flow with its real I/O: Supabase, Dexie, localStorage and the sync worker. */
export const liveStudentFlowMachine = studentFlowMachine.provide({
  actors: {
    resume: fromPromise(resume),
    checkLoginCode: fromPromise(({ input, signal }) => lookUpLoginCode(input.code, signal)),
    startExam: fromPromise(({ input }) => startExam(input)),
    resumeAttempt: fromPromise(({ input }) => resumeOnThisDevice(input)),
    examSession: liveExamSessionMachine,
    watchSubmission: fromCallback<SubmissionWatchEvent, { submissionId: string }>(({ input, receive, sendBack }) => {
      receive(() => {
        // If the entry cannot be requeued the screen stays as it is and Try Again can be pressed again.
        void outbox()
          .then((entries) => entries.requeueSubmission(input.submissionId, Date.now()))
          .then(syncNow, () => undefined)
      })
      return subscribeWhenLoaded(async () =>
        (await outbox()).watchSubmissionStatus(input.submissionId, (status) => sendBack({ type: 'SUBMISSION_UPDATED', status })),
      )
    }),
  },
  actions: {
    persistSession: (_, session) => writeStudentSession(session),
    forgetSession: () => clearStudentSession(),
  },
})

export const liveScheduleStatusMachine = scheduleStatusMachine.provide({
  actors: { loadSchedule: fromPromise(examSittingsOrCached) },
})
