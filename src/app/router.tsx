import { lazy, Suspense, type ComponentType } from 'react'
import { BrowserRouter, Navigate, useRoutes, type RouteObject } from 'react-router-dom'
import { loadExamPage } from '../features/student/exam-page-loader'
import { RequireStudentSession } from '../features/student/require-student-session'
import { StudentArea } from '../features/student/student-area'
import { StudentLoginPage } from '../features/student/student-login-page'
import { Layout } from './layout'

/** A page exported as `name` from a lazily loaded module: its own chunk, fetched when its route first renders. */
function lazyPage<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return lazy(() => load().then((module) => ({ default: module[name] })))
}

// Only the student's login step is in the first download: every other page is a chunk of its own, and the
// admin area (its screens, CSV parsing, analytics) one that students never download. (The student area as a
// chunk too would spare the other pages its XState, but cost /student a dozen small requests.)
const pageLoaders = {
  '/': () => import('../features/home/home-page'),
  '/solutions': () => import('../features/solutions/solutions-page'),
  '/student/test': loadExamPage,
  '/privacy': () => import('../features/policies/privacy-policy-page'),
  '/terms': () => import('../features/policies/terms-of-service-page'),
  '/cookies': () => import('../features/policies/cookie-policy-page'),
  '/accessibility': () => import('../features/policies/accessibility-page'),
}
const HomePage = lazyPage(pageLoaders['/'], 'HomePage')
const SolutionsPage = lazyPage(pageLoaders['/solutions'], 'SolutionsPage')
const ExamPage = lazyPage(pageLoaders['/student/test'], 'ExamPage')
const PrivacyPolicyPage = lazyPage(pageLoaders['/privacy'], 'PrivacyPolicyPage')
const TermsOfServicePage = lazyPage(pageLoaders['/terms'], 'TermsOfServicePage')
const CookiePolicyPage = lazyPage(pageLoaders['/cookies'], 'CookiePolicyPage')
const AccessibilityPage = lazyPage(pageLoaders['/accessibility'], 'AccessibilityPage')
const AdminArea = lazyPage(() => import('../features/admin/admin-area'), 'AdminArea')

/**
 * Starts loading the chunk of the page at `pathname` at once (main.tsx calls it before the configuration
 * has loaded), so its download overlaps the app's start rather than following its first render.
 */
export function preloadPage(pathname: string): void {
  const path = pathname.replace(/(.)\/$/, '$1')
  if (path in pageLoaders) void pageLoaders[path as keyof typeof pageLoaders]()
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    children: [
      { index: true, element: <HomePage /> },
      {
        path: 'student',
        element: <StudentArea />,
        children: [
          { index: true, element: <StudentLoginPage /> },
          {
            path: 'test',
            element: (
              <RequireStudentSession>
                <ExamPage />
              </RequireStudentSession>
            ),
          },
          { path: '*', element: <Navigate to="/student" replace /> },
        ],
      },
      { path: 'solutions', element: <SolutionsPage /> },
      {
        path: 'admin/*',
        element: (
          <Suspense fallback={<p role="status">Loading the admin area...</p>}>
            <AdminArea />
          </Suspense>
        ),
      },
      { path: 'privacy', element: <PrivacyPolicyPage /> },
      { path: 'terms', element: <TermsOfServicePage /> },
      { path: 'cookies', element: <CookiePolicyPage /> },
      { path: 'accessibility', element: <AccessibilityPage /> },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]

function AppRoutes() {
  return useRoutes(routes)
}

/**
 * The app's router: the declarative BrowserRouter, not a data router (createBrowserRouter), whose loaders,
 * actions and fetchers nothing here uses and which doubled react-router's share of the first download.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  )
}
