import { Outlet, ScrollRestoration } from 'react-router-dom'
import { BrowserSupportGate } from './browser-support-gate'
import { PwaUpdatePrompt } from './pwa-update-prompt'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

export function Layout() {
  return (
    <>
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      <SiteHeader />
      <main id="main-content" className="site-main" tabIndex={-1}>
        <BrowserSupportGate>
          <Outlet />
        </BrowserSupportGate>
      </main>
      <SiteFooter />
      <PwaUpdatePrompt />
      <ScrollRestoration />
    </>
  )
}
