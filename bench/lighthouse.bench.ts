// Lighthouse on the student's pages: /student and /solutions, each a cold first visit with the mobile
// preset (Lighthouse's default: a phone's screen, its simulated 4× slower CPU and 150 ms / 1.6 Mbps
// network), driving Debian's Chromium (CHROME_PATH, else /usr/bin/chromium). Prints the Performance,
// Accessibility and Best Practices scores against the targets, the largest opportunities, and any
// accessibility or best-practice audit that did not pass. Median of the Performance score over the runs.
// Usage: npx tsx bench/lighthouse.bench.ts [runs]
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import lighthouse from 'lighthouse'
import { startAppStack } from './app-stack.ts'
import { percentile } from './percentiles.ts'

/** One Lighthouse report (its result object). */
type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']

const runs = Number(process.argv[2] ?? 3)
const pages = ['/student', '/solutions']
const targets = { performance: 95, accessibility: 100, 'best-practices': 95 }

/** A port nobody listens on now, for Chromium's DevTools endpoint. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })
}

/** Debian's Chromium, headless, on a throwaway profile, with its DevTools endpoint on `port` for Lighthouse. */
async function launchChromiumForLighthouse() {
  const port = await freePort()
  const profile = mkdtempSync(join(tmpdir(), 'holdfast-lighthouse-'))
  const chromium = spawn(
    process.env.CHROME_PATH ?? '/usr/bin/chromium',
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  )
  for (let tries = 0; ; tries++) {
    const ready = await fetch(`http://127.0.0.1:${port}/json/version`).then(
      (response) => response.ok,
      () => false,
    )
    if (ready) break
    if (tries > 100) throw new Error('Chromium did not open its DevTools endpoint')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    port,
    async close() {
      const exited = once(chromium, 'exit')
      chromium.kill()
      await exited
      // Chromium's helper processes may still write to the profile for a moment after the browser exits.
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 })
    },
  }
}

const app = await startAppStack()
console.log(`mobile preset (simulated 4× CPU, 150 ms / 1.6 Mbps), ${runs} cold runs per page; targets beside each score`)
for (const path of pages) {
  const reports: Report[] = []
  for (let run = 0; run < runs; run++) {
    // A fresh browser each run: no cache, no service worker, no IndexedDB from the run before.
    const chromium = await launchChromiumForLighthouse()
    try {
      const result = await lighthouse(`${app.stack.url}${path}`, {
        port: chromium.port,
        logLevel: 'error',
        onlyCategories: Object.keys(targets),
      })
      if (!result) throw new Error(`Lighthouse returned no result for ${path}`)
      reports.push(result.lhr)
    } finally {
      await chromium.close()
    }
  }
  const median = (id: keyof typeof targets) =>
    Math.round(
      percentile(
        reports.map((lhr) => (lhr.categories[id]?.score ?? 0) * 100),
        50,
      ),
    )
  console.log(`\n${path}`)
  for (const id of Object.keys(targets) as (keyof typeof targets)[]) {
    const score = median(id)
    const spread = reports.map((lhr) => Math.round((lhr.categories[id]?.score ?? 0) * 100)).join(', ')
    const target = id === 'accessibility' ? `= ${targets[id]}` : `≥ ${targets[id]}`
    console.log(
      `  ${(reports[0]?.categories[id]?.title ?? id).padEnd(16)} ${String(score).padStart(3)}  (runs: ${spread}; target ${target}: ${score >= targets[id] ? 'met' : 'not met'})`,
    )
  }
  // The run with the median Performance score stands for the page's details.
  const sorted = [...reports].sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0))
  const typical = sorted[Math.floor(sorted.length / 2)]
  if (!typical) continue
  const metrics = [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
    'speed-index',
  ]
  console.log(`  metrics: ${metrics.map((id) => `${typical.audits[id]?.title} ${typical.audits[id]?.displayValue}`).join('; ')}`)
  const opportunities = Object.values(typical.audits)
    .filter((audit) => audit.details?.type === 'opportunity' && (audit.details.overallSavingsMs ?? 0) > 0)
    .sort(
      (a, b) =>
        (b.details?.type === 'opportunity' ? (b.details.overallSavingsMs ?? 0) : 0) -
        (a.details?.type === 'opportunity' ? (a.details.overallSavingsMs ?? 0) : 0),
    )
    .slice(0, 5)
  console.log(`  largest opportunities: ${opportunities.length ? '' : 'none'}`)
  for (const audit of opportunities) console.log(`    ${audit.title}: ${audit.displayValue ?? ''}`)
  const failed = ['accessibility', 'best-practices'].flatMap((category) =>
    (typical.categories[category]?.auditRefs ?? [])
      .map((ref) => typical.audits[ref.id])
      .filter((audit) => audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative'),
  )
  console.log(`  accessibility and best-practice audits not passed: ${failed.length ? '' : 'none'}`)
  for (const audit of failed) console.log(`    ${audit?.id}: ${audit?.title}`)
}
await app.close()
