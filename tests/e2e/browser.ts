import { chromium, type Browser, type BrowserContext } from 'playwright-core'

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

// The way this machine allows Chromium to run: no sandbox, no background traffic, a fake camera.
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
]

/** Debian's Chromium with throwaway profiles; `extraArgs` after the machine's own (a camera that films a given file). */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath, args: [...chromiumArgs, ...extraArgs] })
}

/** Debian's Chromium on a profile kept in `userDataDir`, so a relaunch finds its storage, IndexedDB and service worker. */
export function launchChromiumProfile(userDataDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, { executablePath, args: chromiumArgs })
}
