// `npm start`: build the app when the sources are newer than dist/, then serve app + API on one port.
import { spawnSync } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { serveFromEnvironment } from '../supabase/local/main.ts'

const root = new URL('..', import.meta.url).pathname
const sources = ['src', 'machines', 'public', 'index.html', 'vite.config.ts', 'package-lock.json']

function newestMtime(path: string): number {
  const info = statSync(path, { throwIfNoEntry: false })
  if (!info) return 0
  if (!info.isDirectory()) return info.mtimeMs
  return Math.max(0, ...readdirSync(path).map((entry) => newestMtime(join(path, entry))))
}

const built = newestMtime(join(root, 'dist', 'index.html'))
if (built === 0 || Math.max(...sources.map((s) => newestMtime(join(root, s)))) > built) {
  console.log('Building the app…')
  const result = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

await serveFromEnvironment({ port: Number(process.env.PORT ?? 5173), staticDir: join(root, 'dist') })
