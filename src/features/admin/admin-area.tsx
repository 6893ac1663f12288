// The shared rules first: each area's own stylesheet, imported by its page, comes after and refines them.
import './admin.css'
import { Navigate, Outlet, Route, Routes } from 'react-router-dom'
import { ActivityPage } from './activity/activity-page'
import { AdminGate } from './auth/admin-gate'
import { LoginCodeManagerPage } from './codes/login-code-manager-page'
import { AdminDashboardPage } from './dashboard/admin-dashboard-page'
import { ItemAnalysisPage } from './items/item-analysis-page'
import { ProctorRoomPage } from './live/proctor-room-page'
import { QuestionManagerPage } from './questions/question-manager-page'
import { TestResultsPage } from './results/test-results-page'
import { ExamListPage } from './exams/exam-list-page'
import { AdminMenu } from './components/admin-menu'
import { ExamsProvider } from './components/exam-choice'
import { ExamSchedulePage } from './schedule/exam-schedule-page'
import { SettingsPage } from './settings/settings-page'

/** Everything under /admin; the router loads this module lazily, so students never download it. */
export function AdminArea() {
  return (
    <div className="admin-area">
      <Routes>
        <Route element={<AdminGate />}>
          <Route
            element={
              <ExamsProvider>
                <AdminLayout />
              </ExamsProvider>
            }
          >
            <Route index element={<AdminDashboardPage />} />
            <Route path="exams" element={<ExamListPage />} />
            <Route path="questions" element={<QuestionManagerPage />} />
            <Route path="codes" element={<LoginCodeManagerPage />} />
            <Route path="results" element={<TestResultsPage />} />
            <Route path="schedule" element={<ExamSchedulePage />} />
            <Route path="live" element={<ProctorRoomPage />} />
            <Route path="activity" element={<ActivityPage />} />
            <Route path="items" element={<ItemAnalysisPage />} />
            <Route path="settings" element={<SettingsPage />} />
          </Route>
        </Route>
        {/* Outside the gate, so an unknown path goes to /admin whether or not anyone is signed in. */}
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Routes>
    </div>
  )
}

/** The admin menu beside (or, on a small screen, above) the signed-in screen it leads from. */
function AdminLayout() {
  return (
    <div className="admin-layout">
      <AdminMenu />
      <div className="admin-layout__screen">
        <Outlet />
      </div>
    </div>
  )
}
