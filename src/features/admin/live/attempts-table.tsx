import type { LiveAttempt, RoomOrder } from '../../../lib/admin/admin-attempts'
import { ColumnHeadings } from '../components/column-headings'
import { AttemptActions, AttemptStudentCell, attemptFacts, type AttemptContext } from './attempt-facts'
import { useMediaQuery } from '../components/use-media-query'

/** The order's words in the table's caption. */
const orderCaptions: Record<RoomOrder, string> = {
  name: 'by name',
  seat: 'by seat',
  problems: 'problems first',
}

interface AttemptsTableProps {
  attempts: LiveAttempt[]
  order: RoomOrder
  showExam?: boolean
  context: AttemptContext
}

/**
 * The proctor's attempts in the server's order, their times counted at `context.now`: a table on a
 * wide screen, one card per attempt on a phone (≤ 40rem), where a table would be cut off after the
 * code. Both carry every fact and action.
 */
export function AttemptsTable({ attempts, order, showExam = false, context }: AttemptsTableProps) {
  const { status, rest } = attemptFacts(showExam)
  const label = `Exam attempts, ${orderCaptions[order]}`
  // A phone's width (proctor-room-page.css uses the same): cards rather than a table.
  const narrow = useMediaQuery('(max-width: 40rem)')
  if (!narrow) {
    return (
      <div className="results-table-wrap attempts-table-wrap" role="region" aria-label="Exam attempts" tabIndex={0}>
        <table className="results-table attempts-table">
          <caption className="visually-hidden">{label}</caption>
          <ColumnHeadings names={[status.heading, 'Student', ...rest.map((fact) => fact.heading), 'Actions']} />
          <tbody>
            {attempts.map((attempt) => (
              <tr key={attempt.id}>
                <td>{status.show(attempt, context)}</td>
                <th scope="row">
                  <AttemptStudentCell attempt={attempt} />
                </th>
                {rest.map((fact) => (
                  <td key={fact.heading} className={fact.mono ? 'admin-mono' : undefined}>
                    {fact.show(attempt, context)}
                  </td>
                ))}
                <td>
                  <AttemptActions attempt={attempt} context={context} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    )
  }
  return (
    <ul className="attempt-cards" aria-label={label}>
      {attempts.map((attempt) => (
        <li key={attempt.id} className="attempt-card">
          <p className="attempt-card__student">
            <AttemptStudentCell attempt={attempt} />
          </p>
          <dl className="attempt-card__facts">
            {[status, ...rest].map((fact) => (
              <div key={fact.heading} className="attempt-card__fact">
                <dt>{fact.heading}</dt>
                <dd className={fact.mono ? 'admin-mono' : undefined}>{fact.show(attempt, context)}</dd>
              </div>
            ))}
          </dl>
          <AttemptActions attempt={attempt} context={context} />
        </li>
      ))}
    </ul>
  )
}
