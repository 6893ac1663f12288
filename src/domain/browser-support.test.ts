import { describe, expect, it } from 'vitest'
import { checkBrowserSupport, identifyBrowser, minimumBrowserVersions, type BrowserCapabilities } from './browser-support'

const capable: BrowserCapabilities = { indexedDB: true, serviceWorker: true, secureContext: true }

// Real user-agent strings, as these browsers send them.
const userAgents = {
  chrome124Windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  chrome70Windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.77 Safari/537.36',
  chrome69Windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/69.0.3497.100 Safari/537.36',
  chrome49WindowsXp: 'Mozilla/5.0 (Windows NT 5.1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/49.0.2623.112 Safari/537.36',
  chrome124Android:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  headlessChrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.6099.28 Safari/537.36',
  samsungInternet23:
    'Mozilla/5.0 (Linux; Android 13; SM-S901B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
  opera106:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 OPR/106.0.0.0',
  edge79:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79.0.3945.74 Safari/537.36 Edg/79.0.309.43',
  edge124:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0',
  edge124Android:
    'Mozilla/5.0 (Linux; Android 10; HD1913) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36 EdgA/124.0.0.0',
  edgeLegacy18:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.18363',
  firefox125Linux: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  firefox125Android: 'Mozilla/5.0 (Android 13; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0',
  firefox65Windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:65.0) Gecko/20100101 Firefox/65.0',
  firefox64Windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:64.0) Gecko/20100101 Firefox/64.0',
  firefox52Esr: 'Mozilla/5.0 (Windows NT 6.1; rv:52.0) Gecko/20100101 Firefox/52.0',
  safari17Mac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15',
  safari12Mac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.0.1 Safari/605.1.15',
  safari11Mac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_13_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/11.1.2 Safari/605.1.15',
  safariIos12:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 12_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.0 Mobile/15E148 Safari/604.1',
  safariIos11:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 11_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/11.0 Mobile/15E148 Safari/604.1',
  safariIpad12:
    'Mozilla/5.0 (iPad; CPU OS 12_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1',
  chromeIos17:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0.6312.52 Mobile/15E148 Safari/604.1',
  chromeIos11:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 11_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/70.0.3538.75 Mobile/15E148 Safari/605.1',
  firefoxIos16:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/119.0 Mobile/15E148 Safari/605.1.15',
  internetExplorer11: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
  internetExplorer10: 'Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.1; Trident/6.0)',
  androidStockBrowser:
    'Mozilla/5.0 (Linux; U; Android 4.0.3; ko-kr; LG-L160L Build/IML74K) AppleWebkit/534.30 (KHTML, like Gecko) Version/4.0 Mobile Safari/534.30',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  jsdom: 'Mozilla/5.0 (linux) AppleWebKit/537.36 (KHTML, like Gecko) jsdom/29.1.1',
}

describe('identifyBrowser', () => {
  it.each([
    ['chrome124Windows', 'Chrome', 124],
    ['chrome70Windows', 'Chrome', 70],
    ['chrome69Windows', 'Chrome', 69],
    ['chrome49WindowsXp', 'Chrome', 49],
    ['chrome124Android', 'Chrome', 124],
    ['headlessChrome', 'Chrome', 120],
    ['samsungInternet23', 'Chrome', 115],
    ['opera106', 'Chrome', 120],
    ['edge79', 'Edge', 79],
    ['edge124', 'Edge', 124],
    ['edge124Android', 'Edge', 124],
    ['edgeLegacy18', 'Edge', 18],
    ['firefox125Linux', 'Firefox', 125],
    ['firefox125Android', 'Firefox', 125],
    ['firefox65Windows', 'Firefox', 65],
    ['firefox64Windows', 'Firefox', 64],
    ['firefox52Esr', 'Firefox', 52],
    ['safari17Mac', 'Safari', 17],
    ['safari12Mac', 'Safari', 12],
    ['safari11Mac', 'Safari', 11],
    ['safariIos12', 'Safari', 12],
    ['safariIos11', 'Safari', 11],
    ['safariIpad12', 'Safari', 12],
    ['chromeIos17', 'Safari', 17],
    ['chromeIos11', 'Safari', 11],
    ['firefoxIos16', 'Safari', 16],
    ['internetExplorer11', 'Internet Explorer', 11],
    ['internetExplorer10', 'Internet Explorer', 10],
  ] as const)('%s is %s %d', (key, name, majorVersion) => {
    expect(identifyBrowser(userAgents[key])).toEqual({ name, majorVersion })
  })

  it.each(['androidStockBrowser', 'googlebot', 'jsdom'] as const)('%s is not a browser it knows', (key) => {
    expect(identifyBrowser(userAgents[key])).toBeUndefined()
  })
})

describe('checkBrowserSupport', () => {
  it('names the minimum versions', () => {
    expect(minimumBrowserVersions.map(({ name, majorVersion }) => `${name} ${majorVersion}`)).toEqual([
      'Chrome 70',
      'Firefox 65',
      'Safari 12',
      'Edge 79',
    ])
  })

  it.each([
    'chrome124Windows',
    'chrome70Windows',
    'chrome124Android',
    'headlessChrome',
    'samsungInternet23',
    'opera106',
    'edge79',
    'edge124',
    'edge124Android',
    'firefox125Linux',
    'firefox125Android',
    'firefox65Windows',
    'safari17Mac',
    'safari12Mac',
    'safariIos12',
    'safariIpad12',
    'chromeIos17',
    'firefoxIos16',
    'googlebot',
    'jsdom',
  ] as const)('supports %s with the features it needs', (key) => {
    expect(checkBrowserSupport(userAgents[key], capable)).toEqual({ supported: true })
  })

  it.each([
    ['chrome69Windows', 'This browser is Chrome 69.'],
    ['chrome49WindowsXp', 'This browser is Chrome 49.'],
    ['edgeLegacy18', 'This browser is Edge 18.'],
    ['firefox64Windows', 'This browser is Firefox 64.'],
    ['firefox52Esr', 'This browser is Firefox 52.'],
    ['safari11Mac', 'This browser is Safari 11.'],
    ['safariIos11', 'This browser is Safari 11.'],
    ['chromeIos11', 'This browser is Safari 11.'],
    ['internetExplorer11', 'Internet Explorer cannot run Holdfast.'],
    ['internetExplorer10', 'Internet Explorer cannot run Holdfast.'],
  ] as const)('refuses %s even when it reports the features', (key, reason) => {
    expect(checkBrowserSupport(userAgents[key], capable)).toEqual({ supported: false, reason })
  })

  it('refuses a browser without IndexedDB, whatever it is', () => {
    const support = checkBrowserSupport(userAgents.firefox125Linux, { ...capable, indexedDB: false })
    expect(support).toEqual({ supported: false, reason: expect.stringContaining('IndexedDB is unavailable') })
  })

  it('refuses a browser without service workers on a secure origin', () => {
    const support = checkBrowserSupport(userAgents.firefox125Linux, { ...capable, serviceWorker: false })
    expect(support).toEqual({ supported: false, reason: expect.stringContaining('service workers are unavailable') })
  })

  it('runs without service workers on a plain-http origin, where no browser offers them', () => {
    expect(
      checkBrowserSupport(userAgents.chrome124Windows, { indexedDB: true, serviceWorker: false, secureContext: false }),
    ).toEqual({
      supported: true,
    })
  })

  it('judges an unknown browser by its features alone', () => {
    expect(
      checkBrowserSupport(userAgents.androidStockBrowser, { indexedDB: false, serviceWorker: false, secureContext: true }),
    ).toEqual({
      supported: false,
      reason: expect.stringContaining('IndexedDB is unavailable'),
    })
  })
})
