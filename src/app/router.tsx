import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { AdminDashboardPage } from '../features/admin/admin-dashboard-page';
import { ExamSchedulePage } from '../features/admin/exam-schedule-page';
import { LoginCodeManagerPage } from '../features/admin/login-code-manager-page';
import { QuestionManagerPage } from '../features/admin/question-manager-page';
import { TestResultsPage } from '../features/admin/test-results-page';
import { HomePage } from '../features/home/home-page';
import { AccessibilityPage } from '../features/policies/accessibility-page';
import { CookiePolicyPage } from '../features/policies/cookie-policy-page';
import { PrivacyPolicyPage } from '../features/policies/privacy-policy-page';
import { TermsOfServicePage } from '../features/policies/terms-of-service-page';
import { SolutionsPage } from '../features/solutions/solutions-page';
import { ExamPage } from '../features/student/exam-page';
import { RequireStudentSession } from '../features/student/require-student-session';
import { StudentLoginPage } from '../features/student/student-login-page';
import { Layout } from './layout';

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    children: [
      { index: true, element: <HomePage /> },
      {
        path: 'student',
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
        path: 'admin',
        children: [
          { index: true, element: <AdminDashboardPage /> },
          { path: 'questions', element: <QuestionManagerPage /> },
          { path: 'codes', element: <LoginCodeManagerPage /> },
          { path: 'results', element: <TestResultsPage /> },
          { path: 'schedule', element: <ExamSchedulePage /> },
          { path: '*', element: <Navigate to="/admin" replace /> },
        ],
      },
      { path: 'privacy', element: <PrivacyPolicyPage /> },
      { path: 'terms', element: <TermsOfServicePage /> },
      { path: 'cookies', element: <CookiePolicyPage /> },
      { path: 'accessibility', element: <AccessibilityPage /> },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
