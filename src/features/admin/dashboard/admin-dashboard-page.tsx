import { Link } from 'react-router-dom'
import { loadAdminCounts, loadExamSittings } from '../../../lib/admin/admin-dashboard'
import { institutionContactSet, useSiteSettings } from '../../../lib/api/site-settings'
import { loadExamOverview, type ExamOverview } from '../../../lib/admin/admin-exams'
import type { LiveTable } from '../../../lib/admin/table-changes'
import { AdminPage } from '../components/admin-page'
import { StatCard, StatCards } from '../components/stat-card'
import { useFlashMessages } from '../components/use-flash-messages'
import { useLiveAdminData } from '../components/use-live-admin-data'
import { useExamChoice, useExamLink } from '../components/exam-choice'
import { ExamStatusBadge } from '../components/exam-status-badge'
import { examInformation } from './exam-facts'
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

/** The tables the counts and the exam information are read from. */
const countedTables: LiveTable[] = ['questions', 'login_codes', 'submissions', 'exam_schedule']

/** Where several exams are in use, each one's status and figures too (a one-exam school sees today's dashboard). */
const loadDashboard = async (examArgs: [] | [string], several: boolean) => {
  const [counts, exams, sittings] = await Promise.all([
    loadAdminCounts('Failed to load dashboard counts', ...examArgs),
    several ? loadExamOverview() : undefined,
    loadExamSittings(),
  ])
  if (!counts.ok) return counts
  if (exams && !exams.ok) return exams
  return { ok: true as const, data: { ...counts.data, exams: exams?.data, sittings } }
}

export function AdminDashboardPage() {
  const messages = useFlashMessages()
  const { examId, examArgs, several, picker } = useExamChoice({ allowAll: true })
  const examLink = useExamLink()
  const { data: counts, live } = useLiveAdminData(
    [examId, several],
    () => loadDashboard(examArgs, several),
    messages.showError,
    countedTables,
  )
  const settings = useSiteSettings()
  const shownExams = counts?.exams?.filter((exam) => exam.archived_at === null && (!examId || exam.id === examId))

  return (
    <AdminPage title="Admin Dashboard" messages={messages} live={live} picker={picker}>
      {!institutionContactSet(settings) && (
        <p className="admin-panel admin-setup-reminder">
          Set your institution's name and contact in <Link to="/admin/settings">Settings</Link>: the footer shows placeholders
          until then.
        </p>
      )}
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
                <Link to={examLink(manager.to)}>{manager.title}</Link>
              </h2>
              <p>{manager.description}</p>
            </li>
          ))}
        </ul>
      </nav>

      {shownExams && <ExamStatusPanel exams={shownExams} />}
      <p>
        <Link to="/admin/exams">Exams</Link>: create, rename, duplicate and archive the exams, each with its own questions,
        sittings and codes.
      </p>

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
              <dd>{counts?.codes_available ?? '—'}</dd>
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
            {examInformation(counts?.sittings ?? [], examId, new Date()).map((fact) => (
              <li key={fact}>{fact}</li>
            ))}
          </ul>
        </section>
      </div>
    </AdminPage>
  )
}

/** Each exam in use: its status in words, its sitting, questions ready and codes available. */
function ExamStatusPanel({ exams }: { exams: ExamOverview[] }) {
  return (
    <section className="admin-panel" aria-labelledby="exam-status-title">
      <h2 id="exam-status-title">Exams</h2>
      <ul className="admin-exam-status-list">
        {exams.map((exam) => (
          <li key={exam.id}>
            <strong>{exam.name}</strong> <ExamStatusBadge status={exam.status} />
            {exam.sitting && <span className="admin-muted"> {exam.sitting.name}</span>}
            <span>
              {' '}
              · Questions ready {exam.questions_ready} · Codes available {exam.codes_available}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}
