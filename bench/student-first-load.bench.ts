// Student first load: the JavaScript that /student downloads before its first screen (the code
// step), gzip-compressed, against the target of 130 KB; whether the admin area and the Realtime
// client are in it; and the whole build. Measured in Chromium from a real production build, with
// the service worker blocked so that its background precache is not counted as the page's.
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
const page = await context.newPage()
const scripts: { name: string; raw: number; gzip: number; body: string }[] = []
page.on('response', (response) => {
  if (response.request().resourceType() !== 'script') return
  void response
    .body()
    .then((body) =>
      scripts.push({ name: new URL(response.url()).pathname, raw: body.length, gzip: gzipSize(body), body: body.toString() }),
    )
})
await page.goto(`${app.stack.url}/student`)
await page.getByLabel('Login Code').waitFor()
// Let the bodies of the responses already received be read.
await page.waitForLoadState('networkidle')

const loaded = scripts.reduce((sum, s) => ({ raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip }), { raw: 0, gzip: 0 })
const withAdmin = scripts.filter((s) => s.name.includes('/admin-area-'))
// Strings of the Phoenix channel protocol that only supabase-js's Realtime client carries.
const withRealtime = scripts.filter((s) => s.body.includes('phx_join'))
// The password grant of supabase-js's auth client, which only administrators use.
const withAuth = scripts.filter((s) => s.body.includes('token?grant_type'))

console.log(`/student before its first screen (${scripts.length} script${scripts.length === 1 ? '' : 's'}):`)
for (const s of scripts) console.log(`  ${s.name.padEnd(40)} ${kb(s.raw).padStart(10)} raw  ${kb(s.gzip).padStart(9)} gzip`)
console.log(
  `  total: ${kb(loaded.gzip)} gzip (target ≤ ${targetKb} KB: ${loaded.gzip <= targetKb * 1024 ? 'met' : `over by ${kb(loaded.gzip - targetKb * 1024)}`}), ${kb(loaded.raw)} raw`,
)
console.log(`  admin area chunk:          ${withAdmin.length ? 'loaded' : 'not loaded'}`)
console.log(
  `  Realtime client (phx_join): ${withRealtime.length ? `in ${withRealtime.map((s) => s.name).join(', ')}` : 'not in it'}`,
)
console.log(`  auth client (grant_type):   ${withAuth.length ? `in ${withAuth.map((s) => s.name).join(', ')}` : 'not in it'}`)
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
    .reduce((total, f) => ({ raw: total.raw + f.raw, gzip: total.gzip + f.gzip }), { raw: 0, gzip: 0 })
console.log('\nwhole build:')
for (const f of build.sort((a, b) => b.gzip - a.gzip))
  console.log(`  ${f.name.padEnd(40)} ${kb(f.raw).padStart(10)} raw  ${kb(f.gzip).padStart(9)} gzip`)
const js = sum('.js')
const css = sum('.css')
console.log(`  JavaScript: ${kb(js.gzip)} gzip, ${kb(js.raw)} raw; CSS: ${kb(css.gzip)} gzip, ${kb(css.raw)} raw`)

await context.close()
await app.close()
