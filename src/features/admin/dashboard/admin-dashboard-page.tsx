import { Link } from 'react-router-dom'
import { loadAdminCounts } from '../../../lib/admin/admin-dashboard'
import type { LiveTable } from '../../../lib/admin/table-changes'
import { AdminPage } from '../components/admin-page'
import { StatCard, StatCards } from '../components/stat-card'
import { useFlashMessages } from '../components/use-flash-messages'
import { useLiveAdminData } from '../components/use-live-admin-data'
import './admin-dashboard-page.css'

const managers = [
  { to: '/admin/questions', title: 'Question Manager', description: 'Add, edit and import the exam questions.' },
  { to: '/admin/codes', title: 'Login Code Manager', description: 'Generate one-time login codes and see which are used.' },
  { to: '/admin/results', title: 'Test Results', description: 'Daily analysis, rankings and a printable report.' },
  { to: '/admin/schedule', title: 'Exam Schedule', description: 'Set when the exam opens and closes, and for how long.' },
  {
    to: '/admin/live',
    title: 'Proctor Room',
    description: 'Follow every exam live: progress, time left, connection, and emergency answer files.',
  },
  { to: '/admin/activity', title: 'Activity', description: 'Who changed what and when: codes, questions, schedules, results.' },
]

// The exam facts the info panel lists (docs/product.md#the-exam-in-brief).
const examFacts = [
  '30 Minutes',
  '50 Multiple Choice Questions',
  'Camera monitoring',
  'Tab switching tracked',
  'Automatic time enforcement',
]

/** The tables the counts are read from. */
const countedTables: LiveTable[] = ['questions', 'login_codes', 'submissions']

const loadDashboardCounts = () => loadAdminCounts('Failed to load dashboard counts')

export function AdminDashboardPage() {
  const messages = useFlashMessages()
  const { data: counts, live } = useLiveAdminData([], loadDashboardCounts, messages.showError, countedTables)

  return (
    <AdminPage title="Admin Dashboard" messages={messages} live={live} backToDashboard={false}>
      <StatCards label="Statistics">
        <StatCard label="Total Questions" value={counts?.questions} />
        <StatCard label="Login Codes" value={counts?.login_codes} />
        <StatCard label="Test Submissions" value={counts?.submissions} />
        <StatCard label="Codes Used" value={counts?.codes_used} />
      </StatCards>

      <nav aria-label="Managers">
        <ul className="admin-manager-links">
          {managers.map((manager) => (
            <li key={manager.to} className="card card--link">
              <h2>
                <Link to={manager.to}>{manager.title}</Link>
              </h2>
              <p>{manager.description}</p>
            </li>
          ))}
        </ul>
      </nav>

      <div className="admin-columns">
        <section className="admin-panel" aria-labelledby="system-status-title">
          <h2 id="system-status-title">System Status</h2>
          <dl className="admin-status-list">
            <div>
              <dt>Questions ready</dt>
              <dd>{counts?.questions ?? '—'}</dd>
            </div>
            <div>
              <dt>Available codes</dt>
              <dd>{counts ? counts.login_codes - counts.codes_used : '—'}</dd>
            </div>
            <div>
              <dt>Total tests</dt>
              <dd>{counts?.submissions ?? '—'}</dd>
            </div>
          </dl>
        </section>
        <section className="admin-panel" aria-labelledby="exam-info-title">
          <h2 id="exam-info-title">Exam Information</h2>
          <ul className="admin-fact-list">
            {examFacts.map((fact) => (
              <li key={fact}>{fact}</li>
            ))}
          </ul>
        </section>
      </div>
    </AdminPage>
  )
}
