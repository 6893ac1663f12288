import { RestError } from './rest-error.ts'

/**
 * Which rows of a read are returned, and how the answer says so: PostgREST's RangeQuery
 * (src/PostgREST/RangeQuery.hs and ApiRequest.getRanges), ported as it behaves.
 */

/**
 * Rows `first` … `last`, counted from 0 and inclusive; no `last`: to the end. Empty when `last` <
 * `first`. Bigints, as PostgREST's are unbounded Integers: a Range header's digits stay exact,
 * never a float such as 1e+23 or Infinity.
 */
export interface RowRange {
  first: bigint
  last?: bigint
}

const everyRow: RowRange = { first: 0n }

/** OFFSET takes a bigint: a range starting past it can hold no row. */
const largestOffset = 2n ** 63n - 1n

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
  const first = BigInt(page.offset ?? 0)
  const paged = page.limit === undefined ? { first } : { first, last: first + BigInt(page.limit) - 1n }
  // PostgREST's "limit zero range" (0 ≤ x ≤ -1), which wins over any Range header.
  if (paged.last === -1n) return paged
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
  // PostgREST would write such an offset into its SQL and answer PostgreSQL's "bigint out of
  // range"; no row can be there, so it is answered as the unsatisfiable range it is.
  if (range.first > largestOffset) {
    throw new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `The lower boundary of the Range header must be at most ${largestOffset}.`,
    )
  }
  return range
}

/** `range` cut to its first `maxRows` rows: PostgREST restricts every read to db-max-rows this way. */
export function capRange(range: RowRange, maxRows: number): Required<RowRange> {
  const lastAllowed = range.first + BigInt(maxRows) - 1n
  return { first: range.first, last: range.last === undefined || range.last > lastAllowed ? lastAllowed : range.last }
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
  const last = first + BigInt(rowCount) - 1n
  const rows = total !== 0 && first <= last ? `${first}-${last}` : '*'
  const contentRange = `${rows}/${total ?? '*'}`
  if (total === undefined) return { status: 200, contentRange }
  if (first > BigInt(total)) {
    const details = `An offset of ${first} was requested, but there are only ${total} rows.`
    return { status: 416, contentRange, outOfBounds: new RestError(416, 'PGRST103', 'Requested range not satisfiable', details) }
  }
  return { status: rowCount < total ? 206 : 200, contentRange }
}

function parseRangeHeader(header: string): RowRange {
  // As PostgREST: anything else (a suffix range, several ranges, a unit) asks for every row.
  const match = /^([0-9]+)-([0-9]*)$/.exec(header)
  if (!match) return everyRow
  const first = BigInt(match[1] as string)
  return match[2] === '' ? { first } : { first, last: BigInt(match[2] as string) }
}

function intersect(a: RowRange, b: RowRange): RowRange {
  const lasts = [a.last, b.last].filter((last) => last !== undefined)
  return {
    first: a.first > b.first ? a.first : b.first,
    last: lasts.length === 0 ? undefined : lasts.reduce((smallest, last) => (last < smallest ? last : smallest)),
  }
}

function isEmpty(range: RowRange): boolean {
  return range.last !== undefined && range.last < range.first
}
