import { afterAll, beforeAll } from 'vitest'

/** Runs the calling file's tests as if the machine's clock were set to `zone` (an IANA name), and puts the zone back after. */
export function inTimeZone(zone: string): void {
  let zoneBefore: string | undefined
  beforeAll(() => {
    zoneBefore = process.env.TZ
    process.env.TZ = zone
  })
  afterAll(() => {
    if (zoneBefore === undefined) delete process.env.TZ
    else process.env.TZ = zoneBefore
  })
}
