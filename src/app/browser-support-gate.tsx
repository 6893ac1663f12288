import { useState, type ReactNode } from 'react'
import { checkBrowserSupport, minimumBrowserVersions, type BrowserSupport } from '../domain/browser-support'
import './browser-support-gate.css'

function checkThisBrowser(): BrowserSupport {
  return checkBrowserSupport(navigator.userAgent, {
    indexedDB: typeof indexedDB !== 'undefined',
    serviceWorker: 'serviceWorker' in navigator,
    secureContext: window.isSecureContext === true,
  })
}

/** Shows 'Browser Not Supported' instead of the page in a browser that cannot run the exam safely. */
export function BrowserSupportGate({ children }: { children: ReactNode }) {
  const [support] = useState(checkThisBrowser)
  if (support.supported) return children
  return (
    <section className="browser-not-supported" aria-labelledby="browser-not-supported-heading">
      <h1 id="browser-not-supported-heading">Browser Not Supported</h1>
      <p>{support.reason}</p>
      <p>To take your exam safely, please open Holdfast in one of these browsers, in this version or newer:</p>
      <ul>
        {minimumBrowserVersions.map(({ name, majorVersion }) => (
          <li key={name}>
            {name} {majorVersion}
          </li>
        ))}
      </ul>
    </section>
  )
}
