import { randomInt } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { chaosPlan, describePlan, faultKinds } from './chaos-plan.ts'
import { ChaosServer, runChaos } from './chaos-run.ts'

// A short bank keeps each run quick: the faults are under test here, not the length of the exam.
const questionCount = 10

/** `npm test` replays these; together they strike with every kind of fault (checked below). */
const fixedSeeds = [153, 725, 1650]

/** CHAOS_SEED replays one run; CHAOS_RUNS draws that many fresh seeds (`npm run test:chaos -- --runs 200`). */
function chosenSeeds(): number[] {
  const { CHAOS_SEED: seed, CHAOS_RUNS: runs } = process.env
  if (seed) return [Number(seed)]
  if (runs) return Array.from({ length: Number(runs) }, () => randomInt(2 ** 31))
  return fixedSeeds
}

const seeds = chosenSeeds()

let workDir: string
let server: ChaosServer | undefined

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'holdfast-chaos-'))
  // On disk, so a server stopped in the middle of a run comes back with everything committed.
  server = await ChaosServer.start(join(workDir, 'database'), inject('appBuildDir'))
  await server.db.query('delete from public.questions where question_number > $1', [questionCount])
})

afterAll(async () => {
  await server?.stop()
  if (workDir) await rm(workDir, { recursive: true, force: true })
})

describe('chaos: a student takes the exam through network cuts, reloads, closed tabs, server restarts, lost responses, a lost device and a move to a new device', () => {
  it.each(seeds)(
    'seed %i: the database holds exactly what the student did',
    async (seed) => {
      if (!server) throw new Error('the chaos server did not start')
      const plan = chaosPlan(seed, questionCount)
      console.log(`chaos seed ${seed} (replay with: npm run test:chaos -- --seed ${seed})\n${describePlan(plan)}`)
      const profileDir = await mkdtemp(join(workDir, 'profile-'))
      const events = await runChaos({ plan, server, profileDir, questionCount })
      console.log(events.join('\n'))
    },
    180_000,
  )

  if (seeds === fixedSeeds) {
    it('the fixed seeds strike with every kind of fault, in the middle of a request too', () => {
      const faults = fixedSeeds.flatMap((seed) => chaosPlan(seed, questionCount).faults)
      expect(new Set(faults.map((fault) => fault.kind))).toEqual(new Set(faultKinds))
      expect(faults.some((fault) => ('at' in fault ? fault.at : 'from' in fault ? fault.from : undefined)?.during)).toBe(true)
    })
  }
})
