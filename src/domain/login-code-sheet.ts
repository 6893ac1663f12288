import { spreadsheetCsv } from './results-csv'

/**
 * What a teacher hands out with the codes (docs/product.md#login-codes): the text "Copy all" puts
 * on the clipboard, the CSV "Export CSV" saves and the slips "Print slips" lays out, all from the
 * same codes.
 */
export interface HandedOutCode {
  code: string
  label: string | null
  student_name: string | null
}

/** One code a line, then its name and label, tab-separated: it pastes into a spreadsheet's columns. */
export function copiedCodesText(codes: readonly HandedOutCode[]): string {
  return codes.map((code) => [code.code, code.student_name ?? '', code.label ?? ''].join('\t')).join('\n')
}

export const loginCodesCsvColumns = ['code', 'label', 'name', 'exam', 'sitting'] as const

/** The codes as CSV, each with the exam's name and its sitting's (empty when it has none coming). */
export function loginCodesCsv(codes: readonly HandedOutCode[], examName: string, sittingName: string | null): string {
  return spreadsheetCsv(
    loginCodesCsvColumns,
    codes.map((code) => [code.code, code.label ?? '', code.student_name ?? '', examName, sittingName ?? '']),
  )
}

/** Slips a printed A4 page holds: two columns of five. */
export const slipsPerPage = 10

/** The codes a page at a time, so that each printed page holds whole slips. */
export function slipPages<Code>(codes: readonly Code[], perPage = slipsPerPage): Code[][] {
  return Array.from({ length: Math.ceil(codes.length / perPage) }, (_, page) => codes.slice(page * perPage, (page + 1) * perPage))
}

/** Where a student enters the code, as the slip says it: the site's own address. */
export function slipInstruction(origin: string): string {
  return `Go to ${origin}/student and enter this code.`
}

/** The CSV's file name: the exam's name in plain letters, and the label when one was chosen. */
export function loginCodesFileName(examName: string, label: string | null): string {
  const slug = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase()
  return ['login-codes', slug(examName), label === null ? '' : slug(label)].filter(Boolean).join('-') + '.csv'
}
