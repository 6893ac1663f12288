import { describe, expect, it } from 'vitest'
import { activityKinds, describeActivity, describeActor, numberRuns } from './activity-description'

const moment = (iso: string) => `<${iso}>`
const words = (action: string, details: unknown, subject: string | null = null) =>
  describeActivity({ action, subject, details }, moment)

describe('describeActivity', () => {
  it('tells login codes generated and deleted, with their extra time and at most ten codes listed', () => {
    const codes = Array.from({ length: 12 }, (_, i) => `CODE${String(i).padStart(4, '0')}`)
    expect(words('codes_generated', { count: 12, codes, extra_minutes: 15 })).toBe(
      `Generated 12 login codes with 15 minutes of extra time: ${codes.slice(0, 10).join(', ')} and 2 more`,
    )
    expect(words('codes_generated', { count: 1, codes: ['ABCD1234'] }, 'ABCD1234')).toBe('Generated 1 login code: ABCD1234')
    expect(
      words('codes_generated', {
        count: 3,
        codes: ['BATCH001', 'BATCH002', 'FRIEND01'],
        extra_minutes_by_code: { FRIEND01: 180 },
      }),
    ).toBe('Generated 3 login codes: BATCH001, BATCH002, FRIEND01; extra time: FRIEND01 180 minutes')
    expect(words('codes_generated', { count: 2, codes: ['A1', 'B2'], label: '10B', named_codes: 2, extra_minutes: 5 })).toBe(
      'Generated 2 login codes (labelled 10B, 2 for named students) with 5 minutes of extra time: A1, B2',
    )
    expect(words('codes_generated', { count: 1, codes: ['A1'], label: 'Room 4' }, 'A1')).toBe(
      'Generated 1 login code (labelled Room 4): A1',
    )
    expect(words('codes_deleted', { count: 1, codes: ['ABCD1234'] }, 'ABCD1234')).toBe('Deleted login code ABCD1234')
    expect(words('codes_deleted', { count: 2, codes: ['A1', 'B2'] })).toBe('Deleted 2 login codes: A1, B2')
    expect(words('codes_deleted', { count: 1, codes: ['A1'], used_codes: ['A1'] }, 'A1')).toBe('Deleted login code A1 (used: A1)')
  })

  it('tells exams created, changed, archived, brought back and duplicated', () => {
    expect(
      words('exam_created', { default_duration_minutes: 45, shuffle_questions: true, shuffle_options: false }, 'Physics'),
    ).toBe('Created the exam "Physics" (45 minutes, questions shuffled)')
    expect(
      words('exam_changed', { changes: { name: ['Physics', 'Physics Y10'], default_duration_minutes: [45, 40] } }, 'Physics Y10'),
    ).toBe('Changed the exam "Physics Y10": name "Physics" → "Physics Y10"; default duration 45 → 40 minutes')
    expect(words('exam_changed', { changes: { archived_at: [null, '2026-11-27T10:00:00Z'] } }, 'Physics')).toBe(
      'Changed the exam "Physics": archived',
    )
    expect(words('exam_changed', { changes: { archived_at: ['2026-11-27T10:00:00Z', null] } }, 'Physics')).toBe(
      'Changed the exam "Physics": brought back from the archive',
    )
    expect(words('exam_duplicated', { from_name: 'Physics 2026', questions: 21 }, 'Physics 2027')).toBe(
      'Made the exam "Physics 2027" a copy of "Physics 2026" with 21 questions',
    )
    expect(words('question_changed', { changes: { exam_id: ['a', 'b'] } }, '4')).toBe(
      'Changed question 4: changed the exam (moved to another)',
    )
  })

  it('tells extra time before and after, and time added for the whole room', () => {
    expect(words('room_time_added', { minutes: 5, count: 2, codes: ['A1', 'B2'] })).toBe(
      'Added 5 minutes for everyone still writing: 2 students (A1, B2)',
    )
    expect(words('extra_time_changed', { from: 0, to: 1 }, 'ABCD1234')).toBe(
      'Changed the extra time of login code ABCD1234 from 0 to 1 minute',
    )
  })

  it('tells questions added, imported, replaced, changed and deleted, numbers in runs', () => {
    expect(words('questions_added', { count: 1, numbers: [7] }, '7')).toBe('Added question 7')
    expect(words('questions_imported', { count: 4, numbers: [1, 2, 3, 9], replaced: false })).toBe(
      'Imported 4 questions (1–3, 9) from a CSV file',
    )
    expect(words('questions_imported', { count: 1, numbers: [5], replaced: true }, '5')).toBe('A CSV import replaced question 5')
    expect(words('question_changed', { changes: { correct_answer: ['B', 'C'], question_text: ['old', 'new'] } }, '4')).toBe(
      'Changed question 4: correct answer B → C; changed the question text',
    )
    expect(words('questions_deleted', { count: 50, numbers: Array.from({ length: 50 }, (_, i) => i + 1), all: true })).toBe(
      'Deleted all questions: 50 questions (1–50)',
    )
    expect(words('questions_deleted', { count: 1, numbers: [3], all: false }, '3')).toBe('Deleted question 3')
  })

  it('tells the key of each question added, imported or deleted, so a delete and re-add shows the old key and the new', () => {
    expect(words('questions_deleted', { count: 1, numbers: [7], all: false, keys: { '7': 'B' } }, '7')).toBe(
      'Deleted question 7 (key B)',
    )
    expect(words('questions_added', { count: 1, numbers: [7], keys: { '7': 'D' } }, '7')).toBe('Added question 7 (key D)')
    expect(
      words('questions_imported', {
        count: 3,
        numbers: [2, 10, 9],
        replaced: false,
        keys: { '10': 'A', '2': 'C', '9': 'DESCRIPTIVE' },
      }),
    ).toBe('Imported 3 questions (2, 9–10) from a CSV file; keys 2: C, 9: descriptive, 10: A')
    expect(words('questions_imported', { count: 1, numbers: [5], replaced: true, keys: { '5': 'A' } }, '5')).toBe(
      'A CSV import replaced question 5 (key A)',
    )
    expect(words('questions_deleted', { count: 2, numbers: [1, 2], all: true, keys: { '1': 'A', '2': 'B' } })).toBe(
      'Deleted all questions: 2 questions (1–2); keys 1: A, 2: B',
    )
  })

  it('tells schedules created, changed and deleted, with moments in the caller’s words', () => {
    const window = { start_time: 's', end_time: 'e', duration_minutes: 30, is_active: true }
    expect(words('schedule_created', window, 'Maths')).toBe('Created the exam schedule "Maths": <s> to <e>, 30 minutes, active')
    expect(
      words(
        'schedule_changed',
        { changes: { start_time: ['a', 'b'], is_active: [true, false], duration_minutes: [30, 45] } },
        'Maths',
      ),
    ).toBe('Changed the exam schedule "Maths": start <a> → <b>; switched off; duration 30 → 45 minutes')
    expect(words('schedule_deleted', { ...window, is_active: false }, 'Maths')).toBe(
      'Deleted the exam schedule "Maths" (<s> to <e>, 30 minutes, inactive)',
    )
  })

  it('tells an answer-file recovery, a void and a restore, and an action it does not know by its name', () => {
    expect(words('answer_file_recovered', { student_name: 'Zoë', arrived_late: true }, 'ABCD1234')).toBe(
      'Recovered the submission of Zoë (login code ABCD1234) from an answer file, arrived late',
    )
    const voided = { student_name: 'Ada', score: 45, question_count: 50, reason: 'Phone' }
    expect(words('submission_voided', voided, 'ABCD1234')).toBe(
      'Voided the submission of Ada (login code ABCD1234, 45/50): Phone',
    )
    expect(words('submission_restored', voided, 'ABCD1234')).toBe(
      'Restored the submission of Ada (login code ABCD1234, 45/50), voided for: Phone',
    )
    const figures = { submissions: 4, changed: 3, fail_to_pass: 1, pass_to_fail: 0, average_before: 1.5, average_after: 2 }
    expect(words('key_corrected', { ...figures, from: 'C', to: 'BD' }, '3')).toBe(
      'Corrected the key of question 3 from C to B or D: 3 of 4 submissions changed score (1 fail to pass, 0 pass to fail), average 1.5 → 2',
    )
    expect(words('key_corrected', { ...figures, from: 'C', to: '*' }, '3')).toMatch(/to void \(counts for everyone\):/)
    expect(words('guessing_limit_cleared', { failures: 20_000 }, '203.0.113.5')).toBe(
      'Cleared the limit on wrong login codes from 203.0.113.5: 20000 wrong codes in the last 10 minutes forgotten',
    )
    const trust = { failures: 20_000, trust_minutes: 120, trusted_until: '2026-11-27T12:00:00Z' }
    expect(words('guessing_limit_cleared', trust, '203.0.113.5')).toBe(
      'Cleared the limit on wrong login codes from 203.0.113.5: 20000 wrong codes in the last 10 minutes forgotten, and stopped limiting this network for 120 minutes, until <2026-11-27T12:00:00Z> (single browsers stay limited)',
    )
    expect(words('address_trust_ended', { trusted_until: '2026-11-27T12:00:00Z' }, '203.0.113.5')).toBe(
      'Limited the network 203.0.113.5 again, before the end of its trust at <2026-11-27T12:00:00Z>',
    )
    expect(words('something_new', {}, 'X')).toBe('something_new (X)')
  })
})

describe('the server copy and moves to a new device', () => {
  it('tells a resume PIN offered and a move made, without the PIN, naming the student or their code', () => {
    const expires = '2026-11-27T10:10:00Z'
    expect(words('attempt_move_offered', { attempt_id: 'a1', student_name: 'Zoë', expires_at: expires }, 'ABCD1234')).toBe(
      'Offered a resume PIN to move Zoë (login code ABCD1234) to a new device, valid until <2026-11-27T10:10:00Z>',
    )
    expect(words('attempt_move_offered', { attempt_id: 'a1', student_name: null, expires_at: expires }, 'ABCD1234')).toBe(
      'Offered a resume PIN to move the student of login code ABCD1234 to a new device, valid until <2026-11-27T10:10:00Z>',
    )
    const moved = { student_name: 'Zoë', offered_by: 'proctor@school.test', answers_restored: 20 }
    expect(words('attempt_moved', moved, 'ABCD1234')).toBe(
      "Zoë (login code ABCD1234) resumed the exam on a new device with the PIN from proctor@school.test: 20 answers restored from the server's copy",
    )
    expect(words('attempt_moved', { ...moved, offered_by: null, answers_restored: 1 }, 'ABCD1234')).toBe(
      "Zoë (login code ABCD1234) resumed the exam on a new device: 1 answer restored from the server's copy",
    )
  })

  it("tells a submission the server made from its copy, and the device's own that replaced it", () => {
    const saved = '2026-11-27T10:29:40Z'
    expect(
      words('submitted_from_server_copy', { student_name: 'Zoë', answers: 20, server_copy_saved_at: saved }, 'ABCD1234'),
    ).toBe(
      "Submitted the exam of Zoë (login code ABCD1234) from the server's copy (20 answers, last saved <2026-11-27T10:29:40Z>): nothing had arrived from its device by the deadline and its 2 minutes of grace",
    )
    expect(words('submitted_from_server_copy', { student_name: 'Zoë', answers: 0, server_copy_saved_at: null }, 'ABCD1234')).toBe(
      "Submitted the exam of Zoë (login code ABCD1234) from the server's copy (0 answers, nothing was saved): nothing had arrived from its device by the deadline and its 2 minutes of grace",
    )
    expect(
      words('server_copy_replaced', { server_copy_saved_at: saved, replaced_score: 18, question_count: 50 }, 'ABCD1234'),
    ).toBe(
      "The device's own submission (login code ABCD1234), made in time, replaced the submission from the server's copy (last saved <2026-11-27T10:29:40Z>, 18/50)",
    )
  })

  it('files the moves under a kind of their own and the server-copy submissions under Submissions', () => {
    expect(activityKinds.moves.actions).toEqual(['attempt_move_offered', 'attempt_moved'])
    expect(activityKinds.submissions.actions).toContain('submitted_from_server_copy')
    expect(activityKinds.submissions.actions).toContain('server_copy_replaced')
  })
})

describe("a proctor's note on an attempt", () => {
  it('tells the seat and the note saved, either alone, and a note removed, under a kind of its own', () => {
    const noted = { attempt_id: 'a1', student_name: 'Zoë', seat: '12', note: 'moved to spare laptop' }
    expect(words('attempt_noted', noted, 'ABCD1234')).toBe('Note on Zoë (login code ABCD1234): seat 12, moved to spare laptop')
    expect(words('attempt_noted', { ...noted, note: null }, 'ABCD1234')).toBe('Note on Zoë (login code ABCD1234): seat 12')
    expect(words('attempt_noted', { ...noted, seat: null, student_name: null }, 'ABCD1234')).toBe(
      'Note on the student of login code ABCD1234: moved to spare laptop',
    )
    expect(words('attempt_noted', { ...noted, seat: null, note: null }, 'ABCD1234')).toBe(
      'Removed the note on Zoë (login code ABCD1234)',
    )
    expect(activityKinds.notes).toEqual({ label: 'Proctor notes', actions: ['attempt_noted'] })
  })
})

describe('the settings', () => {
  it("tells each changed setting's old and new value, an empty one as not set", () => {
    expect(
      words('settings_changed', {
        // In the form's order, whatever the order of the log's JSON (jsonb puts shorter keys first).
        changes: {
          product_name: ['Holdfast', 'Exams'],
          contact_phone: ['+1 555 0100', null],
          institution_name: [null, 'Springfield High'],
        },
      }),
    ).toBe(
      'Changed the settings: institution name not set → "Springfield High"; contact phone "+1 555 0100" → not set; product name "Holdfast" → "Exams"',
    )
    expect(activityKinds.settings).toEqual({ label: 'Settings', actions: ['settings_changed'] })
  })
})

describe('describeActor and numberRuns', () => {
  it('names the service role and the database itself, and an administrator by email', () => {
    expect(describeActor('service_role')).toBe('Service role (server key)')
    expect(describeActor('system')).toBe('System')
    expect(describeActor('admin@school.test')).toBe('admin@school.test')
  })

  it('puts numbers in runs, each once', () => {
    expect(numberRuns([8, 1, 2, 3, 5, 7, 3])).toBe('1–3, 5, 7–8')
    expect(numberRuns([])).toBe('')
  })
})
