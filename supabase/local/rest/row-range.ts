import { RestError } from './rest-error.ts'

/**
 * Which rows of a read are returned, and how the answer says so: PostgREST's RangeQuery
 * (src/PostgREST/RangeQuery.hs and ApiRequest.getRanges), ported as it behaves.
 */

/** Rows `first` … `last`, counted from 0 and inclusive; no `last`: to the end. Empty when `last` < `first`. */
export interface RowRange {
  first: number
  last?: number
}

const everyRow: RowRange = { first: 0 }

/**
 * The rows a read asks for: the Range header (`0-24`, `10-`; honoured on GET only, as RFC 9110
 * says and PostgREST does) intersected with `limit`/`offset`. `limit=0` asks for no rows and is
 * answered; any other empty range is refused.
 */
export function requestedRange(
  method: string,
  rangeHeader: string | undefined,
  page: { limit?: number; offset?: number },
): RowRange {
  const header = method === 'GET' && rangeHeader !== undefined ? parseRangeHeader(rangeHeader) : everyRow
  const first = page.offset ?? 0
  const paged = page.limit === undefined ? { first } : { first, last: first + page.limit - 1 }
  // PostgREST's "limit zero range" (0 ≤ x ≤ -1), which wins over any Range header.
  if (paged.last === -1) return paged
  const range = intersect(header, paged)
  if (isEmpty(range)) {
    throw new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      isEmpty(header)
        ? 'The lower boundary must be lower than or equal to the upper boundary in the Range header.'
        : 'Limit should be greater than or equal to zero.',
    )
  }
  return range
}

/** `range` cut to its first `maxRows` rows: PostgREST restricts every read to db-max-rows this way. */
export function capRange(range: RowRange, maxRows: number): Required<RowRange> {
  const lastAllowed = range.first + maxRows - 1
  return { first: range.first, last: range.last === undefined ? lastAllowed : Math.min(range.last, lastAllowed) }
}

/**
 * The status and Content-Range of a read of `rowCount` rows from `range.first` on, out of
 * `total` rows when the client asked for a count (`Prefer: count=…`). Without a count the
 * status is 200 and the total `*`; with one, 206 when rows were left out and 416 when the range
 * starts past the end. The range reported is the requested one's start, not the capped one's.
 */
export function rangeStatus(
  range: RowRange,
  rowCount: number,
  total: number | undefined,
): { status: number; contentRange: string; outOfBounds?: RestError } {
  const first = range.first
  const last = first + rowCount - 1
  const rows = total !== 0 && first <= last ? `${first}-${last}` : '*'
  const contentRange = `${rows}/${total ?? '*'}`
  if (total === undefined) return { status: 200, contentRange }
  if (first > total) {
    const details = `An offset of ${first} was requested, but there are only ${total} rows.`
    return { status: 416, contentRange, outOfBounds: new RestError(416, 'PGRST103', 'Requested range not satisfiable', details) }
  }
  return { status: rowCount < total ? 206 : 200, contentRange }
}

function parseRangeHeader(header: string): RowRange {
  const match = /^([0-9]+)-([0-9]*)$/.exec(header)
  if (!match) return everyRow
  const first = Number(match[1])
  return match[2] === '' ? { first } : { first, last: Number(match[2]) }
}

function intersect(a: RowRange, b: RowRange): RowRange {
  const lasts = [a.last, b.last].filter((last) => last !== undefined)
  return { first: Math.max(a.first, b.first), last: lasts.length === 0 ? undefined : Math.min(...lasts) }
}

function isEmpty(range: RowRange): boolean {
  return range.last !== undefined && range.last < range.first
}
