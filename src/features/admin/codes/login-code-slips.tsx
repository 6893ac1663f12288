import { createPortal } from 'react-dom'
import { slipInstruction, slipPages } from '../../../domain/login-code-sheet'
import { formatLongDay } from '../../../lib/browser/interface-locale'
import type { ListedLoginCode } from '../../../lib/admin/admin-login-codes'
import type { ExamOverview } from '../../../lib/admin/admin-exams'
import { formatTime } from '../components/format'
import './login-code-slips.css'

/** The sitting a slip names: the exam's open or next one. */
export type SlipSitting = NonNullable<ExamOverview['sitting']>

export interface PrintedSlips {
  examName: string
  sitting: SlipSitting | null
  codes: ListedLoginCode[]
}

/**
 * "Print slips": one slip per code, ten to an A4 page, with dashed lines to cut along
 * (docs/product.md#login-codes). Placed straight under <body>, so that the print stylesheet can
 * show the slips and nothing else of the page, whatever the admin layout around the screen;
 * never shown on screen.
 */
export function LoginCodeSlips({ slips }: { slips: PrintedSlips }) {
  const instruction = slipInstruction(window.location.origin)
  return createPortal(
    <section className="login-code-slips" aria-label="Printable login code slips">
      {slipPages(slips.codes).map((page) => (
        <div className="login-code-slips__page" key={page[0]?.id}>
          {page.map((code) => (
            <article className="login-code-slip" key={code.id}>
              <p className="login-code-slip__exam">{slips.examName}</p>
              {slips.sitting && <p className="login-code-slip__sitting">{sittingText(slips.sitting)}</p>}
              {(code.student_name !== null || code.label !== null) && (
                <p className="login-code-slip__student">
                  {code.student_name && <strong>{code.student_name}</strong>}
                  {code.student_name && code.label && ' · '}
                  {code.label}
                </p>
              )}
              <p className="login-code-slip__code">{code.code}</p>
              <p className="login-code-slip__instruction">{instruction}</p>
            </article>
          ))}
        </div>
      ))}
    </section>,
    document.body,
  )
}

/** "Morning sitting, Monday, 30 November 2026, 09:00–10:30", the end's day too when it is another. */
function sittingText({ name, start_time, end_time }: SlipSitting): string {
  const startDay = formatLongDay(start_time)
  const endDay = formatLongDay(end_time)
  const end = endDay === startDay ? formatTime(end_time) : `${endDay}, ${formatTime(end_time)}`
  return `${name}, ${startDay}, ${formatTime(start_time)}–${end}`
}
