import { useId, useState, type ReactNode } from 'react'
import { useSearchParams } from 'react-router-dom'
import { counted } from '../../../domain/counted'
import type { RandomBytes } from '../../../domain/login-code-generator'
import {
  deleteLoginCode,
  generateLoginCodes,
  listLoginCodes,
  loadLoginCodeCounts,
  type GenerationRequest,
  type ListedLoginCode,
  type LoginCodeScope,
  type LoginCodeStatus,
} from '../../../lib/admin/admin-login-codes'
import { loadAll } from '../../../lib/admin/admin-reads'
import type { LiveTable } from '../../../lib/admin/table-changes'
import { AdminPage } from '../components/admin-page'
import { useExamChoice } from '../components/exam-choice'
import { ExtraTimeBadge } from '../components/extra-time-badge'
import { formatDateTime } from '../components/format'
import { Pager } from '../components/pager'
import { StatCard, StatCards } from '../components/stat-card'
import { useFlashMessages } from '../components/use-flash-messages'
import { useLiveAdminData } from '../components/use-live-admin-data'
import { usePageChoice, type PageChoice } from '../components/use-page-choice'
import { ExtraTimeDialog } from '../components/extra-time-dialog'
import { LoginCodeSlips } from './login-code-slips'
import { NewCodesForm } from './new-codes-form'
import { copyFeedbackMs, useHandedOutCodes } from './use-handed-out-codes'
import './login-code-manager-page.css'
import { formatMinutes } from '../../../domain/extra-time'

// A code is in use from its attempt's start, so the lists follow the attempts too.
const codeTables: LiveTable[] = ['login_codes', 'exam_attempts']
/** How many codes each list shows at a time. */
export const codesPerPage = 50
/** The address's parameter naming the label filter, so that a reload keeps it. */
const labelParameter = 'label'

/** `random` replaces the browser's random source in tests. */
export function LoginCodeManagerPage({ random }: { random?: RandomBytes }) {
  const messages = useFlashMessages()
  const { examId, examArgs, picker } = useExamChoice()
  const [searchParams, setSearchParams] = useSearchParams()
  const label = searchParams.get(labelParameter) ?? undefined
  const scope: LoginCodeScope = { examId, label }
  const availablePage = usePageChoice(codesPerPage)
  const inUsePage = usePageChoice(codesPerPage)
  const usedPage = usePageChoice(codesPerPage)
  const load = () =>
    loadAll({
      counts: loadLoginCodeCounts(scope),
      available: availablePage.read((pageIndex, pageSize) => listLoginCodes('available', pageIndex, pageSize, scope)),
      inUse: inUsePage.read((pageIndex, pageSize) => listLoginCodes('in_use', pageIndex, pageSize, scope)),
      used: usedPage.read((pageIndex, pageSize) => listLoginCodes('used', pageIndex, pageSize, scope)),
    })
  const pages = [availablePage.pageIndex, inUsePage.pageIndex, usedPage.pageIndex, examId, label]
  const { data, reload, live } = useLiveAdminData(pages, load, messages.showError, codeTables)
  const handedOut = useHandedOutCodes(scope, messages.showError)
  const [generating, setGenerating] = useState(false)
  const [copiedId, setCopiedId] = useState<string | null>(null)
  const [extraTimeFor, setExtraTimeFor] = useState<ListedLoginCode | null>(null)
  const labelFilterId = useId()

  function chooseLabel(chosen: string) {
    setSearchParams((params) => {
      const next = new URLSearchParams(params)
      if (chosen) next.set(labelParameter, chosen)
      else next.delete(labelParameter)
      return next
    })
    for (const page of [availablePage, inUsePage, usedPage]) page.setPageIndex(0)
  }

  async function generate(request: GenerationRequest): Promise<boolean> {
    setGenerating(true)
    const result = await generateLoginCodes(request, random, ...examArgs)
    setGenerating(false)
    if (!result.ok) {
      messages.showError(result.error)
      return false
    }
    messages.showSuccess(`Successfully generated ${counted(request.count, 'new login code')}`)
    // The new codes show under their own label, the newest on the first page.
    if (label !== undefined && request.label !== label) chooseLabel(request.label ?? '')
    else if (availablePage.pageIndex === 0) await reload()
    else availablePage.setPageIndex(0)
    return true
  }

  async function remove(code: ListedLoginCode) {
    if (!window.confirm('Are you sure you want to delete this login code?')) return
    const result = await deleteLoginCode(code.id)
    if (!result.ok) {
      messages.showError(result.error)
      return
    }
    messages.showSuccess('Login code deleted successfully')
    await reload()
  }

  async function extraTimeSaved(code: ListedLoginCode, minutes: number) {
    setExtraTimeFor(null)
    messages.showSuccess(`Extra time for ${code.code} set to ${formatMinutes(minutes)}`)
    await reload()
  }

  async function copy(code: ListedLoginCode) {
    try {
      await navigator.clipboard.writeText(code.code)
      setCopiedId(code.id)
      setTimeout(() => setCopiedId((shown) => (shown === code.id ? null : shown)), copyFeedbackMs)
    } catch {
      messages.showError(`Could not copy ${code.code}; select the code and copy it by hand.`)
    }
  }

  const extraTimeButton = (code: ListedLoginCode) => (
    <button
      type="button"
      className="admin-button admin-button--small"
      aria-label={`Extra time for ${code.code}`}
      onClick={() => setExtraTimeFor(code)}
    >
      Extra time
    </button>
  )

  const labels = data?.counts.labels ?? []
  return (
    <AdminPage title="Login Code Manager" picker={picker} messages={messages} live={live}>
      <NewCodesForm generating={generating} onGenerate={generate} onInvalid={messages.showError} />

      <section className="admin-panel hand-out" aria-labelledby="hand-out-title">
        <h2 id="hand-out-title">Hand out codes</h2>
        <div className="hand-out__bar">
          <div className="admin-field">
            <label htmlFor={labelFilterId}>Label</label>
            <select id={labelFilterId} value={label ?? ''} onChange={(event) => chooseLabel(event.target.value)}>
              <option value="">All labels</option>
              {/* A label chosen in the address stays a choice while its codes are gone. */}
              {[...labels, ...(label !== undefined && !labels.includes(label) ? [label] : [])].map((choice) => (
                <option key={choice} value={choice}>
                  {choice}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className="admin-button" onClick={() => void handedOut.copyAll()} disabled={handedOut.busy}>
            {handedOut.copied ? 'Copied' : 'Copy all'}
          </button>
          {/* A button's new text is not announced: this says it to a screen reader. */}
          <span role="status" className="visually-hidden">
            {handedOut.copied ? 'Codes copied' : ''}
          </span>
          <button type="button" className="admin-button" onClick={() => void handedOut.exportCsv()} disabled={handedOut.busy}>
            Export CSV
          </button>
          <button type="button" className="admin-button" onClick={() => void handedOut.printSlips()} disabled={handedOut.busy}>
            Print slips
          </button>
        </div>
        <p className="admin-muted">
          Copy all and Print slips take the available codes{label !== undefined ? ` labelled ${label}` : ''}; Export CSV takes
          those in use too.
        </p>
      </section>

      <StatCards label="Login code statistics">
        <StatCard label="Total" value={data?.counts.total} />
        <StatCard label="Available" value={data?.counts.available} tone="good" />
        <StatCard label="In use" value={data?.counts.in_use} />
        <StatCard label="Used" value={data?.counts.used} tone="warn" />
      </StatCards>

      {data && (
        <div className="admin-columns">
          <CodeList
            title="Available Codes"
            listLabel="Available codes"
            status="available"
            page={data.available}
            choice={availablePage}
            empty={
              <div className="admin-empty">
                <p>No available login codes.</p>
                <button
                  type="button"
                  className="admin-button admin-button--primary"
                  onClick={() => void generate({ count: 5, extraMinutes: 0, label: label ?? null, names: [] })}
                  disabled={generating}
                >
                  Generate Some Codes
                </button>
              </div>
            }
            details={(code) => <span className="admin-muted">Created {formatDateTime(code.created_at)}</span>}
            actions={(code) => (
              <>
                {extraTimeButton(code)}
                <button
                  type="button"
                  className="admin-button admin-button--small"
                  aria-label={`${copiedId === code.id ? 'Copied' : 'Copy'} ${code.code}`}
                  onClick={() => void copy(code)}
                >
                  {copiedId === code.id ? '✓ Copied' : 'Copy'}
                </button>
                <button
                  type="button"
                  className="admin-button admin-button--small admin-button--danger"
                  aria-label={`Delete ${code.code}`}
                  onClick={() => void remove(code)}
                >
                  Delete
                </button>
              </>
            )}
          />
          <CodeList
            title="Codes In Use"
            listLabel="Codes in use"
            status="in_use"
            page={data.inUse}
            choice={inUsePage}
            empty={<p className="admin-empty">No student is writing with a code now.</p>}
            details={(code) => (
              <span>
                Started by {code.started_by ?? 'unknown'}
                {code.started_at && <span className="admin-muted"> at {formatDateTime(code.started_at)}</span>}
              </span>
            )}
            actions={extraTimeButton}
          />
          <CodeList
            title="Used Codes"
            listLabel="Used codes"
            status="used"
            page={data.used}
            choice={usedPage}
            empty={<p className="admin-empty">No login codes have been used yet.</p>}
            details={(code) => (
              <>
                <span>Used by {code.used_by ?? 'unknown'}</span>
                <span className="admin-muted">Used on {code.used_at ? formatDateTime(code.used_at) : 'unknown date'}</span>
              </>
            )}
          />
        </div>
      )}

      {extraTimeFor && (
        <ExtraTimeDialog
          code={extraTimeFor}
          onClose={() => setExtraTimeFor(null)}
          onSaved={(minutes) => void extraTimeSaved(extraTimeFor, minutes)}
        />
      )}
      {handedOut.slips && <LoginCodeSlips slips={handedOut.slips} />}
    </AdminPage>
  )
}

/** Each status in words on a badge, so no list tells its codes apart by colour alone. */
const statusBadges: Record<LoginCodeStatus, { text: string; tone: string } | null> = {
  // The list's title says it; a badge on every row would say nothing more.
  available: null,
  in_use: { text: 'IN USE', tone: 'blue' },
  used: { text: 'USED', tone: 'grey' },
}

interface CodeListProps {
  title: string
  /** The list's accessible name: "Available codes". */
  listLabel: string
  status: LoginCodeStatus
  page: { rows: ListedLoginCode[]; total: number; pageIndex: number }
  choice: PageChoice
  empty: ReactNode
  details: (code: ListedLoginCode) => ReactNode
  actions?: (code: ListedLoginCode) => ReactNode
}

/** One list of codes of a status: each code with its name, label, extra time, details and actions, a page at a time. */
function CodeList({ title, listLabel, status, page, choice, empty, details, actions }: CodeListProps) {
  const titleId = useId()
  const badge = statusBadges[status]
  return (
    <section className="admin-panel" aria-labelledby={titleId}>
      <h2 id={titleId}>
        {title} ({page.total})
      </h2>
      {page.total === 0 ? (
        empty
      ) : (
        <>
          {/* Scrollable, so it takes keyboard focus to be scrolled without a mouse. */}
          <ul className="code-list code-list--scroll" aria-label={listLabel} tabIndex={0}>
            {page.rows.map((code) => (
              <li key={code.id} className="code-item">
                <span className="code-item__code">{code.code}</span>
                {badge && <span className={`admin-badge admin-badge--${badge.tone}`}>{badge.text}</span>}
                {code.extra_minutes > 0 && <ExtraTimeBadge minutes={code.extra_minutes} />}
                {code.student_name !== null && <span className="code-item__name">{code.student_name}</span>}
                {code.label !== null && <span className="code-item__label">Label: {code.label}</span>}
                {details(code)}
                {actions && <span className="code-item__actions">{actions(code)}</span>}
              </li>
            ))}
          </ul>
          <Pager label={`Pages of ${title.toLowerCase()}`} page={page} choice={choice} />
        </>
      )}
    </section>
  )
}
