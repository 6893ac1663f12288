import { Suspense, useEffect } from 'react'
import { Outlet, useLocation } from 'react-router-dom'
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
          <Suspense fallback={<p role="status">Loading...</p>}>
            <Outlet />
          </Suspense>
        </BrowserSupportGate>
      </main>
      <SiteFooter />
      <PwaUpdatePrompt />
      <ScrollToTopOnNavigation />
    </>
  )
}

/** A new page opens at its top, as a page load would (the data router's ScrollRestoration did this before). */
function ScrollToTopOnNavigation() {
  const { pathname } = useLocation()
  useEffect(() => {
    window.scrollTo(0, 0)
  }, [pathname])
  return null
}
