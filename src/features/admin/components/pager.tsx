import { lastPageIndex, type ListPage } from '../../../lib/admin/admin-reads'
import './pager.css'
import type { PageChoice } from './use-page-choice'

interface PagerProps {
  /** Names the navigation, e.g. "Pages of available codes". */
  label: string
  /** The page on screen. */
  page: ListPage<unknown>
  /** What the buttons change. */
  choice: Pick<PageChoice, 'pageSize' | 'setPageIndex'>
}

/**
 * First, previous, next and last page of a list read a page at a time, and which rows are shown
 * ("51–100 of 1500"). Nothing while the list fits on one page.
 */
export function Pager({ label, page, choice: { pageSize, setPageIndex } }: PagerProps) {
  const lastIndex = lastPageIndex(page.total, pageSize)
  if (lastIndex === 0) return null
  const firstShown = page.pageIndex * pageSize + 1

  const step = (name: string, shown: string, to: number) => {
    // At either end a button does nothing and says so, keeping the keyboard focus that `disabled` would drop.
    const inert = to < 0 || to > lastIndex || to === page.pageIndex
    return (
      <button
        type="button"
        className="admin-button admin-button--small"
        aria-label={`${name} page`}
        aria-disabled={inert}
        onClick={() => !inert && setPageIndex(to)}
      >
        {shown}
      </button>
    )
  }

  return (
    <nav className="pager" aria-label={label}>
      {step('First', '« First', 0)}
      {step('Previous', '‹ Previous', page.pageIndex - 1)}
      <p className="pager__range">
        {firstShown}–{firstShown + page.rows.length - 1} of {page.total}
      </p>
      {step('Next', 'Next ›', page.pageIndex + 1)}
      {step('Last', 'Last »', lastIndex)}
    </nav>
  )
}
