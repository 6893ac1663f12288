import { createContext, useCallback, useContext, useEffect, useId, useState, type ReactNode } from 'react'
import { Outlet, useSearchParams } from 'react-router-dom'
import { listExams, type Exam } from '../../../lib/admin/admin-exams'

/** The address's parameter naming the exam a screen shows, so that a link opens the same exam. */
export const examParameter = 'exam'

interface ExamsInUse {
  /** Every exam, oldest first, archived ones too. */
  exams: Exam[]
  /** Read the exams again (after the exam list created, renamed or archived one). */
  reload: () => Promise<void>
}

// Without a provider (a screen tested on its own) there is one exam and no picker: today's screens.
const ExamsContext = createContext<ExamsInUse | null>(null)

/**
 * Reads the exams once for every admin screen below it (a layout route), and shows those screens
 * once it knows them: a screen that needs one exam never loads every exam's data first. When the
 * read fails the screens behave as in a one-exam school, each showing its own failures.
 */
export function ExamsProvider({ children = <Outlet /> }: { children?: ReactNode }) {
  const [exams, setExams] = useState<Exam[]>()
  const reload = useCallback(async () => {
    const result = await listExams()
    setExams(result.ok ? result.data : [])
  }, [])
  useEffect(() => {
    void reload()
  }, [reload])

  if (!exams) {
    return (
      <p role="status" className="admin-checking">
        Loading exams...
      </p>
    )
  }
  return <ExamsContext.Provider value={{ exams, reload }}>{children}</ExamsContext.Provider>
}

/** The exams and how to read them again; none without a provider. */
export function useExams(): ExamsInUse {
  return useContext(ExamsContext) ?? noExams
}
const noExams: ExamsInUse = { exams: [], reload: async () => {} }

export interface ExamChoice {
  /** The exam the screen shows; undefined for all exams, and in a school with a single exam (today's calls). */
  examId: string | undefined
  exam: Exam | undefined
  /**
   * The exam as a lib function's last argument: none without one, so that a one-exam school's
   * calls stay exactly today's.
   */
  examArgs: [] | [string]
  /** Whether more than one exam is in use: the screens then name exams. */
  several: boolean
  /** The picker, or null when there is nothing to pick. */
  picker: ReactNode
}

/**
 * The exam a screen shows, kept in the address (`?exam=<id>`). A screen that needs one exam shows
 * the first in use without it; one with `allowAll` (dashboard, Proctor Room, Activity) shows all
 * exams without it. The picker appears only when more than one exam is in use.
 */
export function useExamChoice({ allowAll = false }: { allowAll?: boolean } = {}): ExamChoice {
  const { exams } = useExams()
  const [searchParams, setSearchParams] = useSearchParams()
  const pickerId = useId()
  const asked = searchParams.get(examParameter)
  const inUse = exams.filter((exam) => exam.archived_at === null)
  const named = exams.find((exam) => exam.id === asked)
  const exam = named ?? (allowAll ? undefined : inUse[0])
  // An archived exam opened from the exam list stays a choice while it is shown.
  const choices = named && named.archived_at !== null ? [...inUse, named] : inUse
  const several = choices.length > 1

  const pick = (id: string) =>
    setSearchParams((params) => {
      const next = new URLSearchParams(params)
      if (id) next.set(examParameter, id)
      else next.delete(examParameter)
      return next
    })

  const picker = several ? (
    <div className="admin-exam-picker">
      <label htmlFor={pickerId}>Exam</label>
      <select id={pickerId} value={exam?.id ?? ''} onChange={(event) => pick(event.target.value)}>
        {allowAll && <option value="">All exams</option>}
        {choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.archived_at === null ? choice.name : `${choice.name} (archived)`}
          </option>
        ))}
      </select>
    </div>
  ) : null

  // A school with a single exam row asks exactly what it asked before exams existed; once there is
  // another (even archived), every read and write names its exam.
  const examId = exams.length > 1 ? exam?.id : undefined
  return { examId, exam, examArgs: examId ? [examId] : [], several, picker }
}

/** `path` with the exam of the address, so that links between admin screens keep the exam picked. */
export function useExamLink(): (path: string) => string {
  const [searchParams] = useSearchParams()
  const asked = searchParams.get(examParameter)
  return (path) => (asked ? `${path}?${new URLSearchParams({ [examParameter]: asked }).toString()}` : path)
}
