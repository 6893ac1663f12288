import { spawnSync } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

export const projectRoot = new URL('..', import.meta.url).pathname
export const distDir = join(projectRoot, 'dist')
const sources = ['src', 'machines', 'public', 'index.html', 'vite.config.ts', 'package-lock.json']

function newestMtime(path: string): number {
  const info = statSync(path, { throwIfNoEntry: false })
  if (!info) return 0
  if (!info.isDirectory()) return info.mtimeMs
  return Math.max(0, ...readdirSync(path).map((entry) => newestMtime(join(path, entry))))
}

/** Runs `vite build` when dist/ is missing or older than any app source. */
export function buildIfStale(): void {
  const built = newestMtime(join(distDir, 'index.html'))
  if (built > 0 && Math.max(...sources.map((s) => newestMtime(join(projectRoot, s)))) <= built) return
  console.log('Building the app…')
  buildApp(distDir)
}

export function buildApp(outDir: string, env: NodeJS.ProcessEnv = {}): void {
  const result = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: projectRoot,
    stdio: 'inherit',
    // Vitest's NODE_ENV=test would otherwise give a development build (React's dev bundle,
    // import.meta.env.PROD false, so no service worker): test what `npm start` serves.
    env: { ...process.env, NODE_ENV: 'production', ...env },
  })
  if (result.status !== 0) throw new Error(`vite build failed with exit code ${result.status}`)
}
