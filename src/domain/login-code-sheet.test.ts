import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { copiedCodesText, loginCodesCsv, loginCodesFileName, slipInstruction, slipPages } from './login-code-sheet'
import { utf8Bom } from './results-csv'

const codes = [
  { code: 'ABCD2345', label: '10B', student_name: 'Ada Lovelace' },
  { code: 'EFGH6789', label: null, student_name: null },
]

describe('copiedCodesText', () => {
  it('writes one code a line with its name and label, tab-separated', () => {
    expect(copiedCodesText(codes)).toBe('ABCD2345\tAda Lovelace\t10B\nEFGH6789\t\t')
  })
})

describe('loginCodesCsv', () => {
  it('has the columns code, label, name, exam, sitting and a row per code', () => {
    const csv = loginCodesCsv(codes, 'Physics', 'Morning sitting')
    expect(csv.startsWith(utf8Bom)).toBe(true)
    expect(Papa.parse(csv.slice(utf8Bom.length).trim()).data).toEqual([
      ['code', 'label', 'name', 'exam', 'sitting'],
      ['ABCD2345', '10B', 'Ada Lovelace', 'Physics', 'Morning sitting'],
      ['EFGH6789', '', '', 'Physics', 'Morning sitting'],
    ])
  })

  it('writes a name or label a spreadsheet would run as a formula as text', () => {
    const csv = loginCodesCsv([{ code: 'ABCD2345', label: '=HYPERLINK("x")', student_name: '+1 Eve' }], '@exam', null)
    const [, row] = Papa.parse<string[]>(csv.slice(utf8Bom.length).trim()).data
    expect(row).toEqual(['ABCD2345', `'=HYPERLINK("x")`, "'+1 Eve", "'@exam", ''])
  })
})

describe('slipPages', () => {
  it('puts ten slips on a page, the rest on the last', () => {
    const pages = slipPages(Array.from({ length: 23 }, (_, i) => i))
    expect(pages.map((page) => page.length)).toEqual([10, 10, 3])
    expect(pages.flat()).toEqual(Array.from({ length: 23 }, (_, i) => i))
    expect(slipPages([])).toEqual([])
  })
})

describe('slipInstruction', () => {
  it('names the student page of the site', () => {
    expect(slipInstruction('https://exams.school.example')).toBe(
      'Go to https://exams.school.example/student and enter this code.',
    )
  })
})

describe('loginCodesFileName', () => {
  it('names the exam and the label in plain letters', () => {
    expect(loginCodesFileName('Physics: Mock Exam', null)).toBe('login-codes-physics-mock-exam.csv')
    expect(loginCodesFileName('Biología', 'Class 10B')).toBe('login-codes-biologia-class-10b.csv')
  })
})
