import { describe, expect, it } from 'vitest'
import { inTimeZone } from '../../tests/unit/time-zone'
import {
  dateTimeLocalToDate,
  draftFromSchedule,
  emptyScheduleDraft,
  isoToDateTimeLocal,
  scheduleFieldsFromDraft,
  shuffleDescription,
  type ScheduleDraft,
} from './schedule-draft'

// The form's times are the admin's local times; Auckland is 13 hours ahead of UTC in November.
inTimeZone('Pacific/Auckland')

const draft: ScheduleDraft = {
  examName: '  Autumn exam ',
  startTime: '2026-11-23T09:00',
  endTime: '2026-11-23T11:30',
  durationMinutes: '45',
  isActive: false,
  shuffleQuestions: true,
  shuffleOptions: false,
}

describe('scheduleFieldsFromDraft', () => {
  it('reads the times in the local time zone and trims the name', () => {
    expect(scheduleFieldsFromDraft(draft)).toEqual({
      ok: true,
      fields: {
        exam_name: 'Autumn exam',
        start_time: '2026-11-22T20:00:00.000Z',
        end_time: '2026-11-22T22:30:00.000Z',
        duration_minutes: 45,
        is_active: false,
        shuffle_questions: true,
        shuffle_options: false,
      },
    })
  })

  it.each<[string, Partial<ScheduleDraft>, string]>([
    ['a blank name', { examName: '   ' }, 'Please fill in all required fields'],
    ['no start', { startTime: '' }, 'Please fill in all required fields'],
    ['no end', { endTime: '' }, 'Please fill in all required fields'],
    ['an end equal to the start', { endTime: '2026-11-23T09:00' }, 'End time must be after start time'],
    ['an end before the start', { endTime: '2026-11-23T08:59' }, 'End time must be after start time'],
    ['4 minutes', { durationMinutes: '4' }, 'Duration must be between 5 and 180 minutes'],
    ['181 minutes', { durationMinutes: '181' }, 'Duration must be between 5 and 180 minutes'],
    ['no duration', { durationMinutes: '' }, 'Duration must be between 5 and 180 minutes'],
    ['a fractional duration', { durationMinutes: '30.5' }, 'Duration must be between 5 and 180 minutes'],
  ])('refuses %s', (_case, change, error) => {
    expect(scheduleFieldsFromDraft({ ...draft, ...change })).toEqual({ ok: false, error })
  })

  it.each([['5'], ['180']])('accepts a duration of %s minutes', (durationMinutes) => {
    expect(scheduleFieldsFromDraft({ ...draft, durationMinutes }).ok).toBe(true)
  })
})

describe('the form and the stored schedule', () => {
  it('starts with the product name, 30 minutes, active, and shuffling questions and options', () => {
    expect(emptyScheduleDraft()).toEqual({
      examName: 'Holdfast Assessment',
      startTime: '',
      endTime: '',
      durationMinutes: '30',
      isActive: true,
      shuffleQuestions: true,
      shuffleOptions: true,
    })
  })

  it('shows a stored schedule in local time', () => {
    const stored = {
      exam_name: 'X',
      start_time: '2026-11-22T20:00:00Z',
      end_time: '2026-11-23T01:05:00Z',
      duration_minutes: 30,
      is_active: true,
      shuffle_questions: false,
      shuffle_options: true,
    }
    expect(draftFromSchedule(stored)).toEqual({
      examName: 'X',
      startTime: '2026-11-23T09:00',
      endTime: '2026-11-23T14:05',
      durationMinutes: '30',
      isActive: true,
      shuffleQuestions: false,
      shuffleOptions: true,
    })
  })

  it('refuses malformed datetime-local values', () => {
    expect(dateTimeLocalToDate('23/11/2026 09:00')).toBeNull()
    expect(isoToDateTimeLocal('2026-01-01T00:00:00Z')).toBe('2026-01-01T13:00')
  })
})

it.each([
  [true, true, 'Questions and options shuffled per student'],
  [true, false, 'Questions shuffled per student'],
  [false, true, 'Options shuffled per student'],
  [false, false, 'Same order for every student'],
])('describes shuffle_questions %s and shuffle_options %s as %j', (questions, options, text) =>
  expect(shuffleDescription({ shuffle_questions: questions, shuffle_options: options })).toBe(text),
)
