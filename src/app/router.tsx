import { lazy, Suspense } from 'react'
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom'
import { HomePage } from '../features/home/home-page'
import { AccessibilityPage } from '../features/policies/accessibility-page'
import { CookiePolicyPage } from '../features/policies/cookie-policy-page'
import { PrivacyPolicyPage } from '../features/policies/privacy-policy-page'
import { TermsOfServicePage } from '../features/policies/terms-of-service-page'
import { SolutionsPage } from '../features/solutions/solutions-page'
import { ExamPage } from '../features/student/exam-page'
import { RequireStudentSession } from '../features/student/require-student-session'
import { StudentArea } from '../features/student/student-area'
import { StudentLoginPage } from '../features/student/student-login-page'
import { Layout } from './layout'

// The admin area (its screens, CSV parsing, analytics) is its own chunk: students never download it.
const AdminArea = lazy(() => import('../features/admin/admin-area').then((module) => ({ default: module.AdminArea })))

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

export function createAppRouter() {
  return createBrowserRouter(routes)
}
