import { randomInt } from 'node:crypto'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import type { Page } from 'playwright-core'
import { inject } from 'vitest'
import WebSocket from 'ws'
import type { Database, Tables } from '../../src/lib/database.types.ts'

/** The administrator that global-setup.ts creates. */
export const adminEmail = 'admin@holdfast.test'
export const adminPassword = 'correct-horse-battery'
export const appUrl = inject('appUrl')

type Client = SupabaseClient<Database>

function client(key: string): Client {
  return createClient<Database>(appUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  })
}

/** Arranges and checks data behind row-level security's back. */
export const serviceClient = (): Client => client(inject('appServiceRoleKey'))
/** What a student's browser is. */
export const anonClient = (): Client => client(inject('appAnonKey'))

export function must<T>(reply: { data: T | null; error: { message: string } | null }): T {
  if (reply.error) throw new Error(reply.error.message)
  return reply.data as T
}

export function randomCode(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'
  return Array.from({ length: 8 }, () => alphabet[randomInt(alphabet.length)]).join('')
}

export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto(`${appUrl}/admin`)
  await page.getByRole('heading', { level: 1, name: 'Admin Login' }).waitFor()
  await page.getByLabel('Email').fill(adminEmail)
  await page.getByLabel('Password').fill(adminPassword)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor()
}

/** Waits for the text as a whole element's text, e.g. a green success message or the red banner. */
export async function waitForText(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).waitFor()
}

/**
 * The question bank and the schedules are shared with the student e2e files on the same
 * stack: a file that changes them takes a copy first and puts it back when it ends, with the
 * seeded schedule again the newest active one.
 */
export interface SharedData {
  questions: Tables<'questions'>[]
  schedules: Tables<'exam_schedule'>[]
}

const noId = '00000000-0000-0000-0000-000000000000'

export async function snapshotSharedData(service: Client): Promise<SharedData> {
  return {
    questions: must(await service.from('questions').select('*')),
    schedules: must(await service.from('exam_schedule').select('*')),
  }
}

export async function restoreSharedData(service: Client, snapshot: SharedData): Promise<void> {
  must(await service.from('questions').delete().neq('id', noId))
  if (snapshot.questions.length) must(await service.from('questions').insert(snapshot.questions))
  const keep = snapshot.schedules.map((schedule) => schedule.id)
  must(
    await service
      .from('exam_schedule')
      .delete()
      .not('id', 'in', `(${[noId, ...keep].join(',')})`),
  )
  if (snapshot.schedules.length) must(await service.from('exam_schedule').upsert(snapshot.schedules))
}
