import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseQuestionCsv, type CsvImportResult, type QuestionImportRow } from '../../src/domain/csv-import'
import { questionCsvHeader } from '../../src/domain/question-csv-template'

/**
 * Property tests of the question CSV importer with generated files, well-formed and broken:
 * every file ends in exactly the rows it encodes, or in messages and no rows at all. Never
 * an exception, never a part of the file. fast-check prints the seed and the smallest failing
 * file when a property fails; `fc.assert(..., { seed, path })` replays it.
 */

const runs = { numRuns: 100 }
/** Generous: a property takes about a second, but a loaded 2-core machine may take several. */
const timeout = 20_000

// Pieces a cell is made of: anything, plus what trips CSV parsers and what spreadsheets or
// browsers would run (formulas, markup). The importer must keep them as plain text.
const hostile = [
  "=cmd|' /C calc'!A0",
  '+SUM(A1:A9)',
  '-2+3',
  '@HYPERLINK("http://evil.test")',
  '\t=1+1',
  '<script>window.__xss=1</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '"',
  '""',
  ',',
  ', ',
  '\n',
  '\r\n',
  '\r',
  'ü',
  '🙂',
  '\u00a0',
]
const fragment = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 10 }), fc.constantFrom(...hostile))

/** Cell text the importer accepts: not blank once trimmed, and within the database's length. */
const cell = (maxLength: number) =>
  fc
    .array(fragment, { minLength: 1, maxLength: 6 })
    .map((parts) => parts.join(''))
    .filter((text) => text.trim() !== '' && text.trim().length <= maxLength)

const question = fc.record({
  number: fc.integer({ min: 1, max: 50 }),
  numberStyle: fc.constantFrom('plain', 'zero-padded', 'spaced'),
  text: cell(5000),
  options: fc.tuple(cell(1000), cell(1000), cell(1000), cell(1000)),
  answer: fc.constantFrom('A', 'B', 'C', 'D', 'a', 'b', 'c', 'd', ' C '),
})
type GeneratedQuestion = typeof question extends fc.Arbitrary<infer T> ? T : never

const newline = fc.constantFrom('\n', '\r\n', '\r')

/** A whole well-formed file's shape: the questions and how they are written down. */
const wellFormedFile = fc.record({
  questions: fc.uniqueArray(question, { minLength: 1, maxLength: 12, selector: (q) => q.number }),
  newline,
  byteOrderMark: fc.boolean(),
  quoteEverything: fc.boolean(),
  extraColumns: fc.array(cell(20), { maxLength: 3 }),
  /** Per question: a blank (or whitespace-only) line before it, or none. */
  blankLines: fc.array(fc.constantFrom('', '', '   ', null, null, null), { minLength: 12, maxLength: 12 }),
  trailingNewline: fc.boolean(),
})
type FileShape = typeof wellFormedFile extends fc.Arbitrary<infer T> ? T : never

function field(value: string, quote: boolean): string {
  return quote || /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value
}

function numberCell(q: GeneratedQuestion): string {
  if (q.numberStyle === 'zero-padded') return `00${q.number}`
  if (q.numberStyle === 'spaced') return ` ${q.number} `
  return String(q.number)
}

/** One record per question, its fields already written, in the file's order. */
function questionFields(shape: FileShape): string[][] {
  return shape.questions.map((q) => [numberCell(q), q.text, ...q.options, q.answer, ...shape.extraColumns])
}

/**
 * The file's records (header first, blank lines included, as papaparse counts them) and the
 * record index of each question.
 */
function layout(shape: FileShape, rows: string[][]): { records: string[]; rowIndex: number[] } {
  const records = [questionCsvHeader]
  const rowIndex: number[] = []
  rows.forEach((fields, i) => {
    const blank = shape.blankLines[i]
    if (blank !== null && blank !== undefined) records.push(blank)
    rowIndex.push(records.length)
    records.push(fields.map((value) => field(value, shape.quoteEverything)).join(','))
  })
  return { records, rowIndex }
}

function writeFile(shape: FileShape, records: string[], terminators?: string[]): string {
  const body = records.map((record, i) => (i === 0 ? '' : (terminators?.[i - 1] ?? shape.newline)) + record).join('')
  return `${shape.byteOrderMark ? '\ufeff' : ''}${body}${shape.trailingNewline ? shape.newline : ''}`
}

/** A cell as stored: trimmed, every line break an LF. */
const stored = (text: string) => text.replace(/\r\n?/g, '\n').trim()

/** What the importer must make of the questions: cells as stored, the number as a number, the letter upper-cased. */
function expectedRows(shape: FileShape): QuestionImportRow[] {
  return shape.questions.map((q) => ({
    question_number: q.number,
    question_text: stored(q.text),
    option_a: stored(q.options[0]),
    option_b: stored(q.options[1]),
    option_c: stored(q.options[2]),
    option_d: stored(q.options[3]),
    correct_answer: q.answer.trim().toUpperCase() as QuestionImportRow['correct_answer'],
  }))
}

const refusalMessage =
  /^(Nothing was imported: \d+ rows? (has|have) errors\. Fix them and import again\.|No valid questions found in the import data)$/

/** A refusal the admin can act on: the summary, and each row error with a row and a message. Never any rows. */
function expectClearRefusal(result: CsvImportResult): asserts result is Extract<CsvImportResult, { ok: false }> {
  expect(result.ok).toBe(false)
  if (result.ok) return
  expect(result).not.toHaveProperty('questions')
  expect(result.message).toMatch(refusalMessage)
  for (const error of result.rowErrors) {
    expect(error.row).toBeGreaterThanOrEqual(1)
    expect(error.message.trim()).not.toBe('')
  }
  if (result.rowErrors.length === 0) expect(result.message).toBe('No valid questions found in the import data')
}

describe('the CSV importer, fuzzed', () => {
  it(
    'imports exactly the encoded rows of any well-formed file: quoting, BOM, line ends, blank lines, extra columns, formulas and markup',
    () => {
      fc.assert(
        fc.property(wellFormedFile, (shape) => {
          const { records } = layout(shape, questionFields(shape))
          expect(parseQuestionCsv(writeFile(shape, records))).toEqual({ ok: true, questions: expectedRows(shape) })
        }),
        runs,
      )
    },
    timeout,
  )

  it(
    'imports exactly the encoded rows of a file that mixes line ends',
    () => {
      const mixed = wellFormedFile.chain((shape) =>
        fc.tuple(fc.constant(shape), fc.array(newline, { minLength: 30, maxLength: 30 })),
      )
      fc.assert(
        fc.property(mixed, ([shape, terminators]) => {
          const { records } = layout(shape, questionFields(shape))
          expect(parseQuestionCsv(writeFile(shape, records, terminators))).toEqual({ ok: true, questions: expectedRows(shape) })
        }),
        runs,
      )
    },
    timeout,
  )

  // Ways to break one row, each of which the importer must name on that row.
  const breakage = fc.constantFrom(
    (fields: string[]) => fields.slice(0, 4),
    (fields: string[]) => fields.slice(0, 6),
    (fields: string[]) => ['0', ...fields.slice(1)],
    (fields: string[]) => ['51', ...fields.slice(1)],
    (fields: string[]) => ['-3', ...fields.slice(1)],
    (fields: string[]) => ['2.5', ...fields.slice(1)],
    (fields: string[]) => ['=1+1', ...fields.slice(1)],
    (fields: string[]) => [fields[0] as string, '   ', ...fields.slice(2)],
    (fields: string[]) => [...fields.slice(0, 3), '', ...fields.slice(4)],
    (fields: string[]) => [...fields.slice(0, 6), 'E', ...fields.slice(7)],
    (fields: string[]) => [...fields.slice(0, 6), '', ...fields.slice(7)],
    (fields: string[]) => [...fields.slice(0, 6), '=A1', ...fields.slice(7)],
    (fields: string[]) => [fields[0] as string, 'x'.repeat(5001), ...fields.slice(2)],
    (fields: string[]) => [...fields.slice(0, 2), 'y'.repeat(1001), ...fields.slice(3)],
  )

  it(
    'refuses a file with broken rows as a whole, naming exactly the broken rows',
    () => {
      const broken = wellFormedFile.chain((shape) =>
        fc.tuple(
          fc.constant(shape),
          fc.uniqueArray(fc.integer({ min: 0, max: shape.questions.length - 1 }), { minLength: 1 }),
          fc.array(breakage, { minLength: shape.questions.length, maxLength: shape.questions.length }),
        ),
      )
      fc.assert(
        fc.property(broken, ([shape, brokenRows, breaks]) => {
          const rows = questionFields(shape).map((fields, i) =>
            brokenRows.includes(i) ? (breaks[i] as (f: string[]) => string[])(fields) : fields,
          )
          const { records, rowIndex } = layout(shape, rows)
          const result = parseQuestionCsv(writeFile(shape, records))
          expectClearRefusal(result)
          const reported = [...new Set(result.rowErrors.map((error) => error.row))].sort((a, b) => a - b)
          expect(reported).toEqual(brokenRows.map((i) => (rowIndex[i] as number) + 1).sort((a, b) => a - b))
          expect(result.message).toContain(`${brokenRows.length} ${brokenRows.length === 1 ? 'row has' : 'rows have'} errors`)
        }),
        runs,
      )
    },
    timeout,
  )

  it(
    'refuses a question number given twice, on the later row',
    () => {
      const twice = wellFormedFile
        .filter((shape) => shape.questions.length >= 2)
        .chain((shape) => fc.tuple(fc.constant(shape), fc.integer({ min: 1, max: shape.questions.length - 1 })))
      fc.assert(
        fc.property(twice, ([shape, later]) => {
          const rows = questionFields(shape)
          rows[later] = [String(shape.questions[0]?.number), ...(rows[later] as string[]).slice(1)]
          const { records, rowIndex } = layout(shape, rows)
          const result = parseQuestionCsv(writeFile(shape, records))
          expectClearRefusal(result)
          expect(result.rowErrors).toEqual([
            {
              row: (rowIndex[later] as number) + 1,
              questionNumber: String(shape.questions[0]?.number),
              message: `Question ${shape.questions[0]?.number} appears more than once (first on row ${(rowIndex[0] as number) + 1})`,
            },
          ])
        }),
        runs,
      )
    },
    timeout,
  )

  it(
    'refuses a file with a quote that never closes, importing none of it',
    () => {
      const unclosed = wellFormedFile.chain((shape) =>
        fc.tuple(fc.constant(shape), fc.integer({ min: 0, max: shape.questions.length - 1 }), fc.integer({ min: 1, max: 5 })),
      )
      fc.assert(
        fc.property(unclosed, ([shape, row, column]) => {
          // From the opening quote on, nothing in the file could close it: plain cells only.
          const rows = questionFields(shape).map((fields, i) => {
            if (i < row) return fields.map((value) => field(value, shape.quoteEverything))
            const plain = [String(shape.questions[i]?.number), 'Plain text', 'a', 'b', 'c', 'd', 'A']
            return i === row ? plain.map((value, c) => (c === column ? `"${value}` : value)) : plain
          })
          const records = [questionCsvHeader, ...rows.map((fields) => fields.join(','))]
          const result = parseQuestionCsv(writeFile(shape, records))
          expectClearRefusal(result)
          expect(result.rowErrors.some((error) => error.message.startsWith('Malformed CSV:'))).toBe(true)
        }),
        runs,
      )
    },
    timeout,
  )

  it(
    'never throws on arbitrary text, and whatever it imports is valid',
    () => {
      const csvish = fc.string({
        unit: fc.constantFrom(',', '"', '\n', '\r', ' ', 'A', 'b', '1', '5', '0', '=', '<', '\ufeff', 'é'),
        maxLength: 400,
      })
      const text = fc.oneof(
        fc.string({ unit: 'binary', maxLength: 400 }),
        csvish,
        csvish.map((body) => `${questionCsvHeader}\n${body}`),
      )
      fc.assert(
        fc.property(text, (input) => {
          const result = parseQuestionCsv(input)
          if (!result.ok) {
            expectClearRefusal(result)
            return
          }
          const numbers = result.questions.map((q) => q.question_number)
          expect(new Set(numbers).size).toBe(numbers.length)
          for (const q of result.questions) {
            expect(Number.isInteger(q.question_number) && q.question_number >= 1 && q.question_number <= 50).toBe(true)
            expect(['A', 'B', 'C', 'D']).toContain(q.correct_answer)
            for (const value of [q.question_text, q.option_a, q.option_b, q.option_c, q.option_d]) {
              expect(value).toBe(value.trim())
              expect(value).not.toBe('')
            }
          }
        }),
        { numRuns: 300 },
      )
    },
    timeout,
  )
})
