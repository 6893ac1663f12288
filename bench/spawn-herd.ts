import { spawn } from 'node:child_process'
import type { HerdCall, HerdReport } from './herd-submitter.ts'

/**
 * Runs bench/herd-submitter.ts in a process of its own: `functionName` called once for each of
 * `calls` (codes to submit, or the function's arguments), spread evenly over `spreadMs`.
 */
export async function spawnHerd(
  url: string,
  anonKey: string,
  calls: HerdCall[],
  functionName = 'submit_exam',
  spreadMs = 1000,
): Promise<HerdReport> {
  const script = new URL('./herd-submitter.ts', import.meta.url).pathname
  const child = spawn('npx', ['tsx', script, url, anonKey, functionName, String(spreadMs)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  child.stdin.end(JSON.stringify(calls))
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  await new Promise((resolve) => child.on('exit', resolve))
  return JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as HerdReport
}
