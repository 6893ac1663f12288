import { describe, expect, it } from 'vitest'
import { parseQuestionCsv, type CsvImportResult } from './csv-import'
import { questionCsvHeader, questionCsvTemplate } from './question-csv-template'

const row = (n: number | string, answer = 'A', text = `Question ${n}?`) => `${n},${text},One,Two,Three,Four,${answer}`
const csv = (...rows: string[]) => [questionCsvHeader, ...rows].join('\n')

function rowErrors(result: CsvImportResult) {
  if (result.ok) throw new Error('expected the file to be rejected')
  return result.rowErrors.map(({ row, questionNumber, message }) => [row, questionNumber, message])
}

describe('parseQuestionCsv: a valid file', () => {
  it('skips the header and returns every row as a question', () => {
    expect(parseQuestionCsv(csv(row(1, 'C'), row(2, 'D')))).toEqual({
      ok: true,
      questions: [
        {
          question_number: 1,
          question_text: 'Question 1?',
          option_a: 'One',
          option_b: 'Two',
          option_c: 'Three',
          option_d: 'Four',
          correct_answer: 'C',
        },
        {
          question_number: 2,
          question_text: 'Question 2?',
          option_a: 'One',
          option_b: 'Two',
          option_c: 'Three',
          option_d: 'Four',
          correct_answer: 'D',
        },
      ],
    })
  })

  it('skips the first line even when it looks like a question', () => {
    const result = parseQuestionCsv([row(1), row(2)].join('\n'))
    expect(result.ok && result.questions.map((q) => q.question_number)).toEqual([2])
  })

  it('skips blank and whitespace-only lines', () => {
    const result = parseQuestionCsv(`${questionCsvHeader}\n\n${row(1)}\n   \n\n${row(2)}\n\n`)
    expect(result.ok && result.questions.map((q) => q.question_number)).toEqual([1, 2])
  })

  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    const result = parseQuestionCsv(
      csv('7,"Which is larger, 3 or 4?","Three, surely","He said ""four""","line one\nline two",Both,b'),
    )
    expect(result).toMatchObject({
      ok: true,
      questions: [
        {
          question_number: 7,
          question_text: 'Which is larger, 3 or 4?',
          option_a: 'Three, surely',
          option_b: 'He said "four"',
          option_c: 'line one\nline two',
          correct_answer: 'B',
        },
      ],
    })
  })

  it('trims fields and accepts a lower-case answer letter', () => {
    const result = parseQuestionCsv(csv(' 3 ,  Spaced?  , a , b , c , d , d '))
    expect(result).toMatchObject({
      ok: true,
      questions: [{ question_number: 3, question_text: 'Spaced?', option_a: 'a', correct_answer: 'D' }],
    })
  })

  it('reads CRLF line ends without leaving a carriage return in the last column', () => {
    const result = parseQuestionCsv([questionCsvHeader, row(1, 'B'), row(2, 'C'), ''].join('\r\n'))
    expect(result.ok && result.questions.map((q) => q.correct_answer)).toEqual(['B', 'C'])
  })

  it('reads a file that mixes LF, CR and CRLF line ends without losing a row into the extra columns', () => {
    const result = parseQuestionCsv(`${questionCsvHeader}\n${row(1)},note\r${row(2)}\r\n${row(3)}\n"4","Two\r\nlines",a,b,c,d,B`)
    expect(result.ok && result.questions.map((q) => q.question_number)).toEqual([1, 2, 3, 4])
    expect(result.ok && result.questions[3]?.question_text).toBe('Two\nlines')
  })

  it('reads a file that starts with a UTF-8 byte order mark like one without', () => {
    const text = csv(row(1), row(2))
    expect(parseQuestionCsv(`\ufeff${text}`)).toEqual(parseQuestionCsv(text))
  })

  it('ignores columns after the seventh', () => {
    expect(parseQuestionCsv(csv(`${row(4)},extra,columns`))).toMatchObject({ ok: true, questions: [{ question_number: 4 }] })
  })

  it('accepts the downloadable template', () => {
    expect(parseQuestionCsv(questionCsvTemplate)).toMatchObject({
      ok: true,
      questions: [{ question_number: 1 }, { question_number: 2 }],
    })
  })
})

describe('parseQuestionCsv: rejected rows', () => {
  it('needs at least 7 columns', () => {
    expect(rowErrors(parseQuestionCsv(csv('5,Only text,A,B')))).toEqual([
      [2, '5', `Row has 4 columns; 7 are needed (${questionCsvHeader})`],
    ])
  })

  it.each([['0'], ['51'], ['-1'], ['2.5'], ['abc'], ['']])('rejects the question number "%s" with its message', (n) => {
    expect(rowErrors(parseQuestionCsv(csv(row(n))))).toEqual([[2, n, `Question number ${n} must be a positive number`]])
  })

  it.each([['1'], ['50']])('accepts the boundary question number %s', (n) => {
    expect(parseQuestionCsv(csv(row(n))).ok).toBe(true)
  })

  it.each([
    ['question text', '9,,One,Two,Three,Four,A'],
    ['option A', '9,Text?,,Two,Three,Four,A'],
    ['option D', '9,Text?,One,Two,Three,   ,A'],
  ])('reports a missing %s', (_field, line) => {
    expect(rowErrors(parseQuestionCsv(csv(line)))).toEqual([[2, '9', 'Question 9 is missing required fields']])
  })

  it.each([['E'], ['AB'], [''], ['1']])('rejects the correct answer "%s"', (answer) => {
    expect(rowErrors(parseQuestionCsv(csv(row(3, answer))))).toEqual([
      [2, '3', `Question 3 has invalid correct answer: ${answer}`],
    ])
  })

  it('rejects text longer than the database stores', () => {
    expect(rowErrors(parseQuestionCsv(csv(row(2, 'A', 'x'.repeat(5001)))))).toEqual([
      [2, '2', 'Question 2 is too long: at most 5000 characters of text and 1000 per option'],
    ])
  })

  it('rejects a question number that appears twice, naming the first row', () => {
    expect(rowErrors(parseQuestionCsv(csv(row(1), row(2), row(1))))).toEqual([
      [4, '1', 'Question 1 appears more than once (first on row 2)'],
    ])
  })

  it('reports an unclosed quote', () => {
    const result = parseQuestionCsv(csv(row(1), '2,"Never closed,One,Two,Three,Four,A'))
    expect(result.ok).toBe(false)
    expect(rowErrors(result).some(([, , message]) => String(message).startsWith('Malformed CSV:'))).toBe(true)
  })

  it('lists the errors of every row at once, in file order, and returns no questions', () => {
    const result = parseQuestionCsv(csv(row(1), '', row(60), row(3, 'Z'), row(4), '5,,a,b,c,d,Q'))
    expect(result).toEqual({
      ok: false,
      message: 'Nothing was imported: 3 rows have errors. Fix them and import again.',
      rowErrors: [
        { row: 4, questionNumber: '60', message: 'Question number 60 must be a positive number' },
        { row: 5, questionNumber: '3', message: 'Question 3 has invalid correct answer: Z' },
        { row: 7, questionNumber: '5', message: 'Question 5 is missing required fields' },
        { row: 7, questionNumber: '5', message: 'Question 5 has invalid correct answer: Q' },
      ],
    })
  })

  it.each([
    ['an empty text', ''],
    ['only a header', questionCsvHeader],
    ['a header and blank lines', `${questionCsvHeader}\r\n\r\n  \r\n`],
  ])('finds no questions in %s', (_case, text) => {
    expect(parseQuestionCsv(text)).toEqual({ ok: false, message: 'No valid questions found in the import data', rowErrors: [] })
  })
})

describe('parseQuestionCsv: a 5,000-row file', () => {
  const bigFile = csv(...Array.from({ length: 5000 }, (_, i) => row(i + 1, 'ABCD'[i % 4], `"Question ${i + 1}, with a comma?"`)))

  it('checks every row and reports each number outside 1-50', () => {
    const result = parseQuestionCsv(`\ufeff${bigFile.replaceAll('\n', '\r\n')}`)
    const errors = rowErrors(result)
    expect(errors).toHaveLength(4950)
    expect(errors[0]).toEqual([52, '51', 'Question number 51 must be a positive number'])
    expect(errors.at(-1)).toEqual([5001, '5000', 'Question number 5000 must be a positive number'])
  })

  it('accepts the 50 questions of such a file once the others are gone', () => {
    const firstFifty = bigFile.split('\n').slice(0, 51).join('\n')
    const result = parseQuestionCsv(firstFifty)
    expect(result.ok && result.questions).toHaveLength(50)
  })
})
