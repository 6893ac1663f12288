export type BrowserName = 'Chrome' | 'Edge' | 'Firefox' | 'Safari' | 'Internet Explorer'

export interface IdentifiedBrowser {
  name: BrowserName
  majorVersion: number
}

/** The oldest versions Holdfast runs in (docs/product.md#browsers). */
export const minimumBrowserVersions = [
  { name: 'Chrome', majorVersion: 70 },
  { name: 'Firefox', majorVersion: 65 },
  { name: 'Safari', majorVersion: 12 },
  { name: 'Edge', majorVersion: 79 },
] as const satisfies readonly IdentifiedBrowser[]

/**
 * First match wins, so the order matters: old Edge and Chromium browsers also carry
 * "Chrome/", and every browser on iOS is Safari's WebKit whatever it calls itself, so its
 * capabilities follow the iOS version. Chromium-based browsers (Opera, Samsung Internet,
 * Brave) are judged by the Chrome version of their engine.
 */
const userAgentRules: ReadonlyArray<readonly [BrowserName, RegExp]> = [
  ['Internet Explorer', /(?:MSIE |Trident\/.*rv:)(\d+)/],
  ['Edge', /Edge\/(\d+)/],
  ['Safari', /(?:iPhone|iPad|iPod).* OS (\d+)_/],
  ['Edge', /EdgA?\/(\d+)/],
  ['Firefox', /Firefox\/(\d+)/],
  ['Chrome', /Chrome\/(\d+)/],
  // "Mobile Safari" without a Version/…Safari pair is Android's old stock browser: unknown.
  ['Safari', /Version\/(\d+)\S* (?:Mobile\/\S+ )?Safari\//],
]

/** The browser a user-agent string names; undefined for anything else (then only features decide). */
export function identifyBrowser(userAgent: string): IdentifiedBrowser | undefined {
  for (const [name, pattern] of userAgentRules) {
    const match = pattern.exec(userAgent)
    if (match?.[1]) return { name, majorVersion: Number(match[1]) }
  }
  return undefined
}

export interface BrowserCapabilities {
  indexedDB: boolean
  serviceWorker: boolean
  /** Browsers hide service workers (and the camera) on plain-http origins other than localhost. */
  secureContext: boolean
}

export type BrowserSupport = { supported: true } | { supported: false; reason: string }

const privateWindowHint = 'Private or incognito windows can turn this off.'

/**
 * Whether the exam can run here: a browser at least as new as the minimums, which keeps
 * answers in IndexedDB and can reload the exam page offline through a service worker. The
 * camera is not required: the exam continues without it (docs/product.md#taking-the-exam).
 */
export function checkBrowserSupport(userAgent: string, capabilities: BrowserCapabilities): BrowserSupport {
  const browser = identifyBrowser(userAgent)
  if (browser?.name === 'Internet Explorer') {
    return { supported: false, reason: 'Internet Explorer cannot run Holdfast.' }
  }
  const minimum = minimumBrowserVersions.find((candidate) => candidate.name === browser?.name)
  if (browser && minimum && browser.majorVersion < minimum.majorVersion) {
    return { supported: false, reason: `This browser is ${browser.name} ${browser.majorVersion}.` }
  }
  if (!capabilities.indexedDB) {
    return {
      supported: false,
      reason: `This browser does not let Holdfast save your answers on this device (IndexedDB is unavailable). ${privateWindowHint}`,
    }
  }
  // On an insecure origin the missing service worker is the server's setup, not the
  // browser's fault: the exam still runs, only an offline reload is not possible.
  if (capabilities.secureContext && !capabilities.serviceWorker) {
    return {
      supported: false,
      reason: `This browser cannot keep the exam page available offline (service workers are unavailable). ${privateWindowHint}`,
    }
  }
  return { supported: true }
}
