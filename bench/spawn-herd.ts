import { spawn } from 'node:child_process'
import type { HerdReport } from './herd-submitter.ts'

/** Runs bench/herd-submitter.ts in a process of its own: `functionName` called with every code within one second. */
export async function spawnHerd(
  url: string,
  anonKey: string,
  codes: string[],
  functionName = 'submit_exam',
): Promise<HerdReport> {
  const child = spawn('npx', ['tsx', new URL('./herd-submitter.ts', import.meta.url).pathname, url, anonKey, functionName], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  child.stdin.end(JSON.stringify(codes))
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  await new Promise((resolve) => child.on('exit', resolve))
  return JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as HerdReport
}
