// Student first load: the JavaScript that /student downloads before its first screen is usable (the
// code step: the Login Code field on screen, the flow past looking for a stored exam), gzip-compressed,
// against the target of 130 KB; what it loads after (on demand or in the background); whether the admin
// area, the Realtime client and Dexie are in the first part; and the whole build. Measured in Chromium
// from a real production build of a first visit, with the service worker blocked so that its background
// precache is not counted as the page's.
// Usage: npx tsx bench/student-first-load.bench.ts
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { startAppStack } from './app-stack.ts'

const targetKb = 130
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const gzipSize = (content: Buffer) => gzipSync(content).length

const app = await startAppStack()
const context = await app.browser.newContext({ serviceWorkers: 'block' })
// tsx compiles with esbuild's keepNames, whose __name(…) helper exists only in Node: give the page a stand-in.
await context.addInitScript('window.__name = (target) => target')
// The moment the code step is usable, on the page's own clock (the one its resource timings use).
await context.addInitScript(() => {
  new MutationObserver((_, observer) => {
    if (!document.getElementById('login-code')) return
    ;(window as unknown as { codeStepAt: number }).codeStepAt = performance.now()
    observer.disconnect()
  }).observe(document, { childList: true, subtree: true })
})
const page = await context.newPage()
const bodies = new Map<string, Buffer>()
page.on('response', (response) => {
  if (response.request().resourceType() !== 'script') return
  void response.body().then((body) => bodies.set(new URL(response.url()).pathname, body))
})
await page.goto(`${app.stack.url}/student`)
await page.getByLabel('Login Code').waitFor()
// Whatever the page fetches once the code step is up (the schedule's cache write brings Dexie) is let in.
await page.waitForLoadState('networkidle')
const { codeStepAt, requested } = await page.evaluate(() => ({
  codeStepAt: (window as unknown as { codeStepAt: number }).codeStepAt,
  requested: performance
    .getEntriesByType('resource')
    .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
    .map((entry) => ({ name: new URL(entry.name).pathname, startTime: entry.startTime })),
}))

const scripts = requested.map(({ name, startTime }) => {
  const body = bodies.get(name) ?? Buffer.alloc(0)
  return { name, raw: body.length, gzip: gzipSize(body), text: body.toString(), first: startTime < codeStepAt }
})
const before = scripts.filter((s) => s.first)
const after = scripts.filter((s) => !s.first)
const total = (list: typeof scripts) =>
  list.reduce((sum, s) => ({ raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip }), { raw: 0, gzip: 0 })
const row = (s: { name: string; raw: number; gzip: number }) =>
  `  ${s.name.padEnd(40)} ${kb(s.raw).padStart(10)} raw  ${kb(s.gzip).padStart(9)} gzip`
const holding = (list: typeof scripts, test: (text: string) => boolean) => {
  const found = list.filter((s) => test(s.text)).map((s) => s.name)
  return found.length ? `in ${found.join(', ')}` : 'not in it'
}

const first = total(before)
console.log(`/student before the code step is usable (${before.length} scripts, requested by ${codeStepAt.toFixed(0)} ms):`)
for (const s of before) console.log(row(s))
console.log(
  `  total: ${kb(first.gzip)} gzip (target ≤ ${targetKb} KB: ${first.gzip <= targetKb * 1024 ? 'met' : `over by ${kb(first.gzip - targetKb * 1024)}`}), ${kb(first.raw)} raw`,
)
console.log(`  admin area chunk:            ${before.some((s) => s.name.includes('/admin-area-')) ? 'loaded' : 'not loaded'}`)
// Strings only supabase-js's Realtime client, its auth client's password grant and Dexie carry.
console.log(`  Realtime client (phx_join):  ${holding(before, (text) => text.includes('phx_join'))}`)
console.log(`  auth client (grant_type):    ${holding(before, (text) => text.includes('token?grant_type'))}`)
console.log(`  Dexie (DatabaseClosedError): ${holding(before, (text) => text.includes('DatabaseClosedError'))}`)
const later = total(after)
console.log(`after it, before the network went quiet (${after.length} scripts, ${kb(later.gzip)} gzip):`)
for (const s of after) console.log(row(s))
console.log(`  admin area chunk:            ${after.some((s) => s.name.includes('/admin-area-')) ? 'loaded' : 'not loaded'}`)
console.log('  the embedded stack sends these gzip-compressed: on its wire the gzip size is what travels')

const files = [
  ...readdirSync(join(app.buildDir, 'assets')).map((name) => join('assets', name)),
  ...readdirSync(app.buildDir).filter((name) => name.endsWith('.js')),
].filter((name) => /\.(js|css)$/.test(name))
const build = files.map((name) => {
  const content = readFileSync(join(app.buildDir, name))
  return { name, raw: content.length, gzip: gzipSize(content) }
})
const sum = (kind: string) =>
  build
    .filter((f) => f.name.endsWith(kind))
    .reduce((sum, f) => ({ raw: sum.raw + f.raw, gzip: sum.gzip + f.gzip }), { raw: 0, gzip: 0 })
console.log('\nwhole build:')
for (const f of build.sort((a, b) => b.gzip - a.gzip)) console.log(row(f))
const js = sum('.js')
const css = sum('.css')
console.log(`  JavaScript: ${kb(js.gzip)} gzip, ${kb(js.raw)} raw; CSS: ${kb(css.gzip)} gzip, ${kb(css.raw)} raw`)

await context.close()
await app.close()
