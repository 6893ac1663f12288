import { Suspense, useEffect, useState } from 'react'
import { Outlet, useLocation } from 'react-router-dom'
import { ExamShellContext } from '../lib/browser/exam-shell'
import { BrowserSupportGate } from './browser-support-gate'
import { PwaUpdatePrompt } from './pwa-update-prompt'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

/**
 * Every page: the skip link, header, main content and footer; during the exam (the exam screen turns the exam
 * shell on) the exam alone, with no header, menu or footer whose links would take the student out of it.
 */
export function Layout() {
  const [examShell, setExamShell] = useState(false)
  return (
    <ExamShellContext value={setExamShell}>
      {!examShell && (
        <a className="skip-link" href="#main-content">
          Skip to main content
        </a>
      )}
      {!examShell && <SiteHeader />}
      <main id="main-content" className={examShell ? 'site-main site-main--exam' : 'site-main'} tabIndex={-1}>
        <BrowserSupportGate>
          <Suspense fallback={<p role="status">Loading...</p>}>
            <Outlet />
          </Suspense>
        </BrowserSupportGate>
      </main>
      {!examShell && <SiteFooter />}
      <PwaUpdatePrompt />
      <ScrollToTopOnNavigation />
    </ExamShellContext>
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
