import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { inTimeZone } from '../../tests/unit/time-zone'
import { answeredQuestionNumbers, resultsCsv, spreadsheetMoment, utf8Bom, type ExportedSubmission } from './results-csv'

inTimeZone('Asia/Kolkata')

const row = (fields: Partial<ExportedSubmission>): ExportedSubmission => ({
  rank: 1,
  student_name: 'Zoë Ødegaard',
  login_code: 'ABCD1234',
  submitted_at: '2026-11-24T10:00:00Z',
  score: 40,
  question_count: 50,
  tab_switches: 2,
  time_taken: 754,
  extra_minutes: 15,
  arrived_late: false,
  recovered_from_file: true,
  from_server_copy: false,
  server_copy_saved_at: null,
  void_reason: null,
  score_before_regrade: null,
  ...fields,
})

const parse = (text: string) => Papa.parse<string[]>(text.slice(utf8Bom.length), { skipEmptyLines: true }).data

describe('resultsCsv', () => {
  it('starts with a byte order mark and writes a row per submission with the figures of the screen', () => {
    const text = resultsCsv(
      [row({}), row({ rank: null, score: 10, void_reason: 'Phone', recovered_from_file: false, score_before_regrade: 8 })],
      (iso) => `at ${iso}`,
    )
    expect(text.startsWith(utf8Bom)).toBe(true)
    expect(parse(text)).toEqual([
      [
        'Rank',
        'Name',
        'Login code',
        'Submitted at',
        'Score',
        'Out of',
        'Percentage',
        'Rating',
        'Tab switches',
        'Time taken',
        'Extra minutes',
        'Arrived late',
        'Recovered from file',
        'Submitted from server copy',
        'Server copy saved at',
        'Regraded',
        'Score before regrade',
        'Voided',
        'Void reason',
      ],
      [
        '1',
        'Zoë Ødegaard',
        'ABCD1234',
        'at 2026-11-24T10:00:00Z',
        '40',
        '50',
        '80',
        'Excellent',
        '2',
        '12:34',
        '15',
        '',
        'yes',
        'no',
        '',
        '',
        '',
        '',
        '',
      ],
      [
        '',
        'Zoë Ødegaard',
        'ABCD1234',
        'at 2026-11-24T10:00:00Z',
        '10',
        '50',
        '20',
        'Needs Improvement',
        '2',
        '12:34',
        '15',
        '',
        '',
        'no',
        '',
        'yes',
        '8',
        'yes',
        'Phone',
      ],
    ])
  })

  it('says which submissions the server made from its copy, and when that copy was saved (in the time zone given)', () => {
    const rows = [
      row({ from_server_copy: true, server_copy_saved_at: '2026-11-24T09:41:00Z', recovered_from_file: false }),
      row({ from_server_copy: true, server_copy_saved_at: null, recovered_from_file: false }),
      row({ recovered_from_file: false }),
    ]
    const [headings, ...cells] = parse(resultsCsv(rows, spreadsheetMoment))
    const columns = ['Submitted from server copy', 'Server copy saved at'].map((name) => headings?.indexOf(name) ?? -1)
    expect(columns.every((column) => column > 0)).toBe(true)
    expect(cells.map((line) => columns.map((column) => line[column]))).toEqual([
      ['yes', '2026-11-24 15:11:00'],
      ['yes', ''],
      ['no', ''],
    ])
  })

  it('escapes every cell a spreadsheet would run, multi-line ones too, and keeps quotes and commas', () => {
    const hostile = ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tTab', '\rReturn', '=HYPERLINK("x")\nsecond line', 'Smith, "Jo"']
    const rows = hostile.map((name) => row({ student_name: name }))
    const names = parse(resultsCsv(rows, (iso) => iso))
      .slice(1)
      .map((cells) => cells[1])
    expect(names).toEqual([
      "'=1+1",
      "'+SUM(A1)",
      "'-2+3",
      "'@cmd",
      "'\tTab",
      "'\rReturn",
      '\'=HYPERLINK("x")\nsecond line',
      'Smith, "Jo"',
    ])
  })

  it('adds a column per question with the letter chosen, empty where none was', () => {
    const rows = [row({ answers: { '1': 'A', '3': 'C' } }), row({ answers: { '2': 'B' } })]
    const numbers = answeredQuestionNumbers(rows)
    expect(numbers).toEqual([1, 2, 3])
    const parsed = parse(resultsCsv(rows, (iso) => iso, numbers))
    expect(parsed[0]?.slice(-3)).toEqual(['Q1', 'Q2', 'Q3'])
    expect(parsed.slice(1).map((cells) => cells.slice(-3))).toEqual([
      ['A', '', 'C'],
      ['', 'B', ''],
    ])
  })
})

describe('spreadsheetMoment', () => {
  it('writes a moment in the local time zone as spreadsheets read it', () => {
    expect(spreadsheetMoment('2026-11-24T18:35:07Z')).toBe('2026-11-25 00:05:07')
  })
})
