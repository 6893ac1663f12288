/**
 * What one chaos run does, drawn from its seed alone: the student's steps through the exam
 * and the faults injected between (or in the middle of) them. Replaying a seed replays the plan.
 */

import { answerLetters, type AnswerLetter } from '../../src/domain/question.ts'

export type Step =
  | { kind: 'open' }
  | { kind: 'code' }
  | { kind: 'name' }
  /** Goes to the question at `position` (1-based), with Next/Previous or the numbered buttons, and chooses `letter`. */
  | { kind: 'answer'; position: number; letter: AnswerLetter; move: 'step' | 'jump' }
  | { kind: 'submit' }

/**
 * Where a fault strikes: before the student's first try at step `step`, or (`during`) just
 * after the click that sends that step's request, before its answer arrives. `step` equal to
 * the number of steps is the completion screen.
 */
export interface Point {
  step: number
  during: boolean
}

/** Faults that last: from `from` until the student reaches step `until`, or sooner if they leave the student stuck. */
export type HeldFaultKind =
  /** The browser goes offline (it knows: navigator.onLine turns false) and every request fails. */
  | 'offline'
  /** Every request of the page and the service worker fails, while the browser believes it is online. */
  | 'lie-fi'
  /** The server is stopped, and started again on the same port and data. */
  | 'server-down'

export type InstantFaultKind =
  | 'server-restart'
  | 'reload'
  /** The tab is closed and the app opened again in a new tab of the same profile. */
  | 'reopen-page'
  /** The whole browser is closed and launched again on the same profile. */
  | 'reopen-browser'

/** What happens to the student's device itself, once in a run at most, in the middle of the answers (issue 26). */
export type DeviceFaultKind =
  /**
   * The device is lost for good (its browser closed, its profile deleted): the student never comes
   * back, and the server submits its copy of the answers once the deadline has passed.
   */
  | 'device-lost'
  /**
   * With both devices online, the proctor moves the student to a new device (a PIN); the student
   * goes on there, and the old device, still open, is told at its next report.
   */
  | 'move'

export type Fault =
  | { kind: HeldFaultKind; from: Point; until: number }
  | { kind: InstantFaultKind; at: Point; reopenPath: '/student' | '/student/test' }
  | { kind: DeviceFaultKind; at: Point }
  /** The first `count` submit_exam responses are dropped after the server has answered (and committed). */
  | { kind: 'lost-submit-response'; count: number }

export type FaultKind = Fault['kind']

/** The faults a run draws a few of, anywhere in the exam. */
const scatteredFaultKinds = [
  'offline',
  'lie-fi',
  'server-down',
  'server-restart',
  'reload',
  'reopen-page',
  'reopen-browser',
  'lost-submit-response',
] as const satisfies readonly FaultKind[]

/** Every kind: the scattered ones, and the device's own fate (at most one, drawn apart). */
export const faultKinds: readonly FaultKind[] = [...scatteredFaultKinds, 'device-lost', 'move']

export interface ChaosPlan {
  seed: number
  studentName: string
  steps: Step[]
  faults: Fault[]
  /** The letter finally chosen for each question position: what the database must hold. */
  finalAnswers: Map<number, AnswerLetter>
}

/** mulberry32: a small, fast PRNG; every random choice of a run comes from it. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const firstNames = ['Ada', 'Alan', 'Grace', 'Édith', 'Kwame', 'Mei-Ling', 'Søren', 'Zoë', "D'Arcy", 'Nnamdi']
const lastNames = ['Lovelace', 'Turing', 'Hopper', 'Ñúñez', "O'Brien", 'van der Berg', 'Okonkwo', 'Ødegaard', 'Łukasiewicz']

/** Steps during which a request is in flight right after the click: the code check, the question load, the submit. */
function hasRequest(step: Step | undefined): boolean {
  return step?.kind === 'code' || step?.kind === 'name' || step?.kind === 'submit'
}

export function chaosPlan(seed: number, questionCount: number): ChaosPlan {
  const random = seededRandom(seed)
  const integer = (min: number, max: number) => min + Math.floor(random() * (max - min + 1))
  const pick = <T>(items: readonly T[]): T => items[integer(0, items.length - 1)] as T

  const studentName = `${pick(firstNames)} ${pick(lastNames)}`

  // Every question once, in a student's own order; then a few answers changed later on.
  const positions = Array.from({ length: questionCount }, (_, i) => i + 1)
  for (let i = positions.length - 1; i > 0; i--) {
    const j = integer(0, i)
    ;[positions[i], positions[j]] = [positions[j] as number, positions[i] as number]
  }
  const move = (): 'step' | 'jump' => (random() < 0.5 ? 'step' : 'jump')
  const answers: Extract<Step, { kind: 'answer' }>[] = positions.map((position) => ({
    kind: 'answer',
    position,
    letter: pick(answerLetters),
    move: move(),
  }))
  for (let changes = integer(0, 3); changes > 0; changes--) {
    const index = integer(0, answers.length - 1)
    const earlier = answers[index] as { position: number; letter: AnswerLetter }
    const letter = pick(answerLetters.filter((l) => l !== earlier.letter))
    answers.splice(integer(index + 1, answers.length), 0, { kind: 'answer', position: earlier.position, letter, move: move() })
  }
  const steps: Step[] = [{ kind: 'open' }, { kind: 'code' }, { kind: 'name' }, ...answers, { kind: 'submit' }]
  const finalAnswers = new Map(answers.map((a) => [a.position, a.letter]))

  const point = (earliest: number): Point => {
    const step = integer(earliest, steps.length)
    return { step, during: hasRequest(steps[step]) && random() < 0.5 }
  }
  const faults: Fault[] = []
  for (let count = integer(2, 5); count > 0; count--) {
    const kind = pick(scatteredFaultKinds)
    if (kind === 'lost-submit-response') {
      if (!faults.some((f) => f.kind === kind)) faults.push({ kind, count: integer(1, 2) })
    } else if (kind === 'offline' || kind === 'lie-fi' || kind === 'server-down') {
      const from = point(0)
      faults.push({ kind, from, until: integer(Math.min(from.step + 1, steps.length), steps.length) })
    } else {
      // Nothing to reload before the app has been opened.
      faults.push({ kind, at: point(1), reopenPath: random() < 0.5 ? '/student' : '/student/test' })
    }
  }
  // Drawn after the faults above, so that a seed's other faults stay what they were before issue 26.
  const device = random()
  if (device < 0.45) {
    // After at least one answer, before the submit: in the middle of the exam.
    const at = { step: integer(4, steps.length - 2), during: false }
    if (device < 0.2) {
      // Nothing the student would have done after losing the device can strike.
      const before = faults.filter((fault) => fault.kind !== 'lost-submit-response' && pointOf(fault)!.step < at.step)
      return { seed, studentName, steps, faults: [...before, { kind: 'device-lost', at }], finalAnswers }
    }
    faults.push({ kind: 'move', at })
  }
  return { seed, studentName, steps, faults, finalAnswers }
}

/** Where a fault strikes; none for a lost response, which strikes whenever the submit is sent. */
export function pointOf(fault: Fault): Point | undefined {
  return 'from' in fault ? fault.from : 'at' in fault ? fault.at : undefined
}

export function describePoint(plan: ChaosPlan, point: Point): string {
  const step = plan.steps[point.step]
  if (step === undefined) return 'on the completion screen'
  return `${point.during ? 'during' : 'before'} step ${point.step} (${describeStep(step)})`
}

function describeStep(step: Step): string {
  return step.kind === 'answer' ? `answer question ${step.position} with ${step.letter} by ${step.move}` : step.kind
}

/** The plan in a few lines, printed before the run so a failure can be read against it. */
export function describePlan(plan: ChaosPlan): string {
  const faults = plan.faults.map((fault) => {
    switch (fault.kind) {
      case 'lost-submit-response':
        return `lose the first ${fault.count} submit_exam response(s) after the server committed`
      case 'offline':
      case 'lie-fi':
      case 'server-down': {
        const until = fault.until >= plan.steps.length ? 'until the student is stuck' : `until step ${fault.until}`
        return `${fault.kind} ${describePoint(plan, fault.from)}, ${until}`
      }
      case 'device-lost':
        return `the device is lost for good ${describePoint(plan, fault.at)}; the server submits its copy`
      case 'move':
        return `the proctor moves the student to a new device ${describePoint(plan, fault.at)}`
      default:
        return `${fault.kind} ${describePoint(plan, fault.at)}${fault.kind.startsWith('reopen') ? ` (back at ${fault.reopenPath})` : ''}`
    }
  })
  return [
    `student ${plan.studentName}; ${plan.steps.length} steps: ${plan.steps.map(describeStep).join(', ')}`,
    ...faults.map((line) => `  fault: ${line}`),
  ].join('\n')
}
