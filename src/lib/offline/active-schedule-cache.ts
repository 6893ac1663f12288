import type { ActiveSchedule } from '../../domain/active-schedule'
import { readActiveSchedule } from '../student/student-api'

// Dexie comes in its own chunk, after the first screen: the schedule is read from the server first.
const loadExamDb = () => import('./exam-db').then((module) => module.examDb)

/** Reads the active schedule from the server and remembers it on the device. */
export async function fetchActiveSchedule(signal?: AbortSignal): Promise<ActiveSchedule | null> {
  const schedule = await readActiveSchedule(signal)
  // The cached copy only helps the login screen offline: the schedule is shown without waiting for it, and
  // failing to store it changes nothing else.
  void loadExamDb()
    .then((examDb) => examDb.cache.put({ key: 'active-schedule', schedule, storedAt: Date.now() }))
    .catch(() => undefined)
  return schedule
}

/** The active schedule from the server, or the last one this device saw when the server cannot be reached. */
export async function activeScheduleOrCached(): Promise<ActiveSchedule | null> {
  try {
    return await fetchActiveSchedule()
  } catch (error) {
    const cached = await (await loadExamDb()).cache.get('active-schedule')
    if (cached) return cached.schedule
    throw error
  }
}
