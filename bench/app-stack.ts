// What the browser benchmarks share: the app built as `npm start` serves it (into a folder of
// their own), served by an in-memory local stack, and Chromium to load it.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { buildApp } from '../scripts/build-if-stale.ts'
import { startStack, type RunningStack } from '../supabase/local/stack.ts'
import { launchChromium } from '../tests/e2e/browser.ts'

export const benchAdmin = { email: 'bench@holdfast.test', password: 'bench-password' }

export interface AppStack {
  stack: RunningStack
  browser: Browser
  buildDir: string
  close(): Promise<void>
}

export async function startAppStack(): Promise<AppStack> {
  const buildDir = mkdtempSync(join(tmpdir(), 'holdfast-bench-app-'))
  buildApp(buildDir)
  const stack = await startStack({ port: 0, staticDir: buildDir, admin: benchAdmin })
  const browser = await launchChromium()
  return {
    stack,
    browser,
    buildDir,
    close: async () => {
      await browser.close()
      await stack.close()
      rmSync(buildDir, { recursive: true, force: true })
    },
  }
}

export const ms = (value: number) => `${value.toFixed(0)} ms`
