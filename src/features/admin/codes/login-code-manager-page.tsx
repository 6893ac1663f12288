import { useEffect, useState } from 'react'
import { maxExtraMinutes, parseExtraMinutes } from '../../../domain/extra-time'
import type { RandomBytes } from '../../../domain/login-code-generator'
import { loadAdminCounts } from '../../../lib/admin/admin-dashboard'
import {
  deleteLoginCode,
  generateLoginCodes,
  listLoginCodes,
  loginCodesLoadFailed,
  type LoginCode,
} from '../../../lib/admin/admin-login-codes'
import { loadAll } from '../../../lib/admin/admin-reads'
import type { LiveTable } from '../../../lib/admin/table-changes'
import { AdminPage } from '../components/admin-page'
import { ExtraTimeBadge } from '../components/extra-time-badge'
import { formatDateTime } from '../components/format'
import { Pager } from '../components/pager'
import { StatCard, StatCards } from '../components/stat-card'
import { useFlashMessages } from '../components/use-flash-messages'
import { useLiveAdminData } from '../components/use-live-admin-data'
import { useExamChoice } from '../components/exam-choice'
import { usePageChoice } from '../components/use-page-choice'
import { ExtraMinutesInput, ExtraTimeDialog } from './extra-time-dialog'
import './login-code-manager-page.css'

/** The copy button shows its check mark for 2 seconds (docs/product.md#what-administrators-do). */
const copyFeedbackMs = 2000
/** The batch sizes the admin can generate at once (docs/product.md#login-codes). */
const generateCounts = [1, 5]
const codeTables: LiveTable[] = ['login_codes']
/** How many codes each list shows at a time. */
export const codesPerPage = 50

/** `random` replaces the browser's random source in tests. */
export function LoginCodeManagerPage({ random }: { random?: RandomBytes }) {
  const messages = useFlashMessages()
  const { examId, examArgs, picker } = useExamChoice()
  const availablePage = usePageChoice(codesPerPage)
  const usedPage = usePageChoice(codesPerPage)
  const { read: readAvailable } = availablePage
  const { read: readUsed } = usedPage
  const load = () =>
    loadAll({
      counts: loadAdminCounts(loginCodesLoadFailed, ...examArgs),
      available: readAvailable((pageIndex, pageSize) => listLoginCodes(false, pageIndex, pageSize, ...examArgs)),
      used: readUsed((pageIndex, pageSize) => listLoginCodes(true, pageIndex, pageSize, ...examArgs)),
    })
  const pages = [availablePage.pageIndex, usedPage.pageIndex, examId]
  const { data, reload, live } = useLiveAdminData(pages, load, messages.showError, codeTables)
  const [generating, setGenerating] = useState(false)
  const [copiedId, setCopiedId] = useState<string | null>(null)
  /** The extra time new codes get, as typed. */
  const [newExtraMinutes, setNewExtraMinutes] = useState('0')
  const [extraTimeFor, setExtraTimeFor] = useState<LoginCode | null>(null)

  useEffect(() => {
    if (!copiedId) return
    const timer = setTimeout(() => setCopiedId(null), copyFeedbackMs)
    return () => clearTimeout(timer)
  }, [copiedId])

  async function generate(count: number) {
    const extraMinutes = parseExtraMinutes(newExtraMinutes)
    if (!extraMinutes.ok) {
      messages.showError(extraMinutes.error)
      return
    }
    setGenerating(true)
    const result = await generateLoginCodes(count, extraMinutes.minutes, random, ...examArgs)
    setGenerating(false)
    if (!result.ok) {
      messages.showError(result.error)
      return
    }
    messages.showSuccess(`Successfully generated ${count} new login codes`)
    // The new codes are the newest, on the first page: turning to it loads it.
    if (availablePage.pageIndex === 0) await reload()
    else availablePage.setPageIndex(0)
  }

  async function remove(code: LoginCode) {
    if (!window.confirm('Are you sure you want to delete this login code?')) return
    const result = await deleteLoginCode(code.id)
    if (!result.ok) {
      messages.showError(result.error)
      return
    }
    messages.showSuccess('Login code deleted successfully')
    await reload()
  }

  async function extraTimeSaved(code: LoginCode, minutes: number) {
    setExtraTimeFor(null)
    messages.showSuccess(`Extra time for ${code.code} set to ${minutes} minutes`)
    await reload()
  }

  async function copy(code: LoginCode) {
    try {
      await navigator.clipboard.writeText(code.code)
      setCopiedId(code.id)
    } catch {
      messages.showError(`Could not copy ${code.code}; select the code and copy it by hand.`)
    }
  }

  return (
    <AdminPage
      title="Login Code Manager"
      picker={picker}
      messages={messages}
      live={live}
      actions={
        <>
          <label className="admin-field admin-field--inline">
            <span>Extra time for new codes (minutes, 0 to {maxExtraMinutes})</span>
            <ExtraMinutesInput value={newExtraMinutes} onChange={setNewExtraMinutes} disabled={generating} />
          </label>
          {generateCounts.map((count) => (
            <button
              key={count}
              type="button"
              className="admin-button admin-button--primary"
              onClick={() => void generate(count)}
              disabled={generating}
            >
              {`Generate ${count}`}
            </button>
          ))}
        </>
      }
    >
      <StatCards label="Login code statistics">
        <StatCard label="Total" value={data?.counts.login_codes} />
        <StatCard label="Available" value={data && data.counts.login_codes - data.counts.codes_used} tone="good" />
        <StatCard label="Used" value={data?.counts.codes_used} tone="warn" />
      </StatCards>

      {data && (
        <div className="admin-columns">
          <section className="admin-panel" aria-labelledby="available-codes-title">
            <h2 id="available-codes-title">Available Codes ({data.available.total})</h2>
            {data.available.total === 0 ? (
              <div className="admin-empty">
                <p>No available login codes.</p>
                <button
                  type="button"
                  className="admin-button admin-button--primary"
                  onClick={() => void generate(5)}
                  disabled={generating}
                >
                  Generate Some Codes
                </button>
              </div>
            ) : (
              <>
                <ul className="code-list" aria-label="Available codes">
                  {data.available.rows.map((code) => (
                    <li key={code.id} className="code-item">
                      <span className="code-item__code">{code.code}</span>
                      {code.extra_minutes > 0 && <ExtraTimeBadge minutes={code.extra_minutes} />}
                      <span className="admin-muted">Created {formatDateTime(code.created_at)}</span>
                      <span className="code-item__actions">
                        <button
                          type="button"
                          className="admin-button admin-button--small"
                          aria-label={`Extra time for ${code.code}`}
                          onClick={() => setExtraTimeFor(code)}
                        >
                          Extra time
                        </button>
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
                      </span>
                    </li>
                  ))}
                </ul>
                <Pager label="Pages of available codes" page={data.available} choice={availablePage} />
              </>
            )}
          </section>

          <section className="admin-panel" aria-labelledby="used-codes-title">
            <h2 id="used-codes-title">Used Codes ({data.used.total})</h2>
            {data.used.total === 0 ? (
              <p className="admin-empty">No login codes have been used yet.</p>
            ) : (
              <>
                {/* Scrollable, so it takes keyboard focus to be scrolled without a mouse. */}
                <ul className="code-list code-list--scroll" aria-label="Used codes" tabIndex={0}>
                  {data.used.rows.map((code) => (
                    <li key={code.id} className="code-item">
                      <span className="code-item__code">{code.code}</span>
                      <span className="admin-badge admin-badge--grey">USED</span>
                      {code.extra_minutes > 0 && <ExtraTimeBadge minutes={code.extra_minutes} />}
                      <span>Used by {code.used_by ?? 'unknown'}</span>
                      <span className="admin-muted">Used on {code.used_at ? formatDateTime(code.used_at) : 'unknown date'}</span>
                    </li>
                  ))}
                </ul>
                <Pager label="Pages of used codes" page={data.used} choice={usedPage} />
              </>
            )}
          </section>
        </div>
      )}

      {extraTimeFor && (
        <ExtraTimeDialog
          code={extraTimeFor}
          onClose={() => setExtraTimeFor(null)}
          onSaved={(minutes) => void extraTimeSaved(extraTimeFor, minutes)}
        />
      )}
    </AdminPage>
  )
}
