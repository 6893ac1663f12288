import { useCallback, useState } from 'react'
import type { AdminResult } from '../../../lib/admin/admin-result'
import type { ListPage } from '../../../lib/admin/admin-reads'

/** Reads page `pageIndex` of a list, `pageSize` rows a page. */
export type ListReader<Row> = (pageIndex: number, pageSize: number) => Promise<AdminResult<ListPage<Row>>>

export interface PageChoice {
  /** The page the admin has chosen, counted from 0. */
  pageIndex: number
  pageSize: number
  setPageIndex: (pageIndex: number) => void
  /** Reads the chosen page with `list`; a screen keys its load by `pageIndex`, so it reloads when the page turns. */
  read: <Row>(list: ListReader<Row>) => Promise<AdminResult<ListPage<Row>>>
}

/**
 * Which page of a list, `pageSize` rows a page, a screen shows. When the list has shrunk below
 * the chosen page, the server answers with its last page, and the choice becomes that page,
 * unless the admin has chosen another meanwhile.
 */
export function usePageChoice(pageSize: number): PageChoice {
  const [pageIndex, setPageIndex] = useState(0)
  const read = useCallback(
    async <Row>(list: ListReader<Row>) => {
      const page = await list(pageIndex, pageSize)
      if (page.ok) setPageIndex((chosen) => (chosen === pageIndex ? page.data.pageIndex : chosen))
      return page
    },
    [pageIndex, pageSize],
  )
  return { pageIndex, pageSize, setPageIndex, read }
}
