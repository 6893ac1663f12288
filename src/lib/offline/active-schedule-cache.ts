import type { ActiveSchedule, ExamSitting } from '../../domain/active-schedule'
import { readExamSittings } from '../student/student-api'

// Dexie comes in its own chunk, after the first screen: the sittings are read from the server first.
const loadExamDb = () => import('./exam-db').then((module) => module.examDb)

/** Reads the active sittings from the server and remembers them on the device. */
export async function fetchExamSittings(signal?: AbortSignal): Promise<ExamSitting[]> {
  const sittings = await readExamSittings(signal)
  // The cached copy only helps the login screen offline: the sittings are shown without waiting for it, and
  // failing to store them changes nothing else. `schedule` (the newest sitting) is what an app from before
  // several exams, still open in another tab, reads.
  void loadExamDb()
    .then((examDb) => examDb.cache.put({ key: 'active-schedule', schedule: sittings[0] ?? null, sittings, storedAt: Date.now() }))
    .catch(() => undefined)
  return sittings
}

/** The active sittings from the server, or the last ones this device saw when the server cannot be reached. */
export async function examSittingsOrCached(): Promise<ExamSitting[]> {
  try {
    return await fetchExamSittings()
  } catch (error) {
    const cached = await (await loadExamDb()).cache.get('active-schedule')
    if (!cached) throw error
    return cached.sittings ?? sittingsOfOneExam(cached.schedule)
  }
}

/** An entry stored by an app from before several exams: its one schedule, of the one exam there was. */
function sittingsOfOneExam(schedule: ActiveSchedule | null): ExamSitting[] {
  return schedule ? [{ ...schedule, exam_id: '', exam: schedule.exam_name, created_at: '' }] : []
}
