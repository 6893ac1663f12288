import type { Page, WebSocketRoute } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  answerKey,
  appUrl,
  createLoginCode,
  deleteLoginCodes,
  followAdminMenu,
  pagePerFile,
  signInAsAdmin,
  submitExam,
  wrongAnswer,
} from './fixtures.ts'

let page: Page
pagePerFile((opened) => {
  page = opened.page
})
/** Codes this file made, removed with their submissions at the end. */
const ownCodes: string[] = []
/** 30 right answers of 50. */
let answers: Record<string, string>

/**
 * A change should be on screen within a second (docs/product.md#what-administrators-do); a loaded
 * 2-core machine gets more. A screen that does not update by itself never shows the change,
 * whatever the wait.
 */
const liveTimeoutMs = 5000
/** After the connection is back, realtime-js retries with a backoff of up to 10 s. */
const reconnectTimeoutMs = 30_000

/**
 * The page's Realtime sockets pass through the test, which counts them and can cut them:
 * while `down`, the server is out of reach and every new socket is closed at once.
 */
const realtime = { opened: 0, down: false, open: new Set<{ page: WebSocketRoute; server: WebSocketRoute }>() }

async function dropRealtime(): Promise<void> {
  realtime.down = true
  for (const socket of realtime.open) {
    await socket.server.close()
    await socket.page.close({ code: 4000, reason: 'connection dropped by the test' })
  }
  realtime.open.clear()
}

beforeAll(async () => {
  await page.routeWebSocket(/\/realtime\/v1\/websocket/, async (socket) => {
    if (realtime.down) {
      await socket.close({ code: 4000, reason: 'no connection' })
      return
    }
    realtime.opened++
    const proxied = { page: socket, server: socket.connectToServer() }
    realtime.open.add(proxied)
    socket.onClose(() => realtime.open.delete(proxied))
  })
  await signInAsAdmin(page)
  answers = Object.fromEntries(
    [...(await answerKey())].map(([number, correct]) => [String(number), number <= 30 ? correct : wrongAnswer(correct)]),
  )
})

beforeEach(() => {
  realtime.down = false
})

afterAll(async () => {
  if (ownCodes.length) await deleteLoginCodes(ownCodes)
})

async function newCode(): Promise<string> {
  const code = await createLoginCode()
  ownCodes.push(code)
  return code
}

const indicator = () => page.getByRole('status', { name: 'Live updates' })

async function indicatorSays(text: string, timeout = liveTimeoutMs): Promise<void> {
  await indicator().getByText(text, { exact: true }).waitFor({ timeout })
}

/** Opens a screen, waits for it to be live, and marks the document, so a test can tell that it was never reloaded. */
async function openLive(path: string, heading: string): Promise<void> {
  await page.goto(`${appUrl}${path}`)
  await page.getByRole('heading', { level: 1, name: heading }).waitFor()
  await indicatorSays('Live', reconnectTimeoutMs)
  await page.evaluate(() => {
    ;(window as unknown as { openedOnce: boolean }).openedOnce = true
  })
}

async function expectSameDocument(path: string): Promise<void> {
  expect(new URL(page.url()).pathname).toBe(path)
  expect(await page.evaluate(() => (window as unknown as { openedOnce?: boolean }).openedOnce)).toBe(true)
}

/** The figure a row of stat cards shows under `label`. */
async function stat(list: string, label: string): Promise<number> {
  const card = page.getByRole('list', { name: list }).getByRole('listitem').filter({ hasText: label })
  return Number(await card.locator('.admin-stat__value').textContent())
}

/** Counts the page's REST reads of a table from now on. */
/** Counts the page's calls to `/rest/v1/<path>` (a table read, or `rpc/<function>`) from now on. */
function countCalls(path: string): { readonly count: number } {
  const calls = { count: 0 }
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === `/rest/v1/${path}`) calls.count++
  })
  return calls
}

describe('live admin screens', () => {
  it('shows a submission made through the student RPC on an open Test Results page, without a reload', async () => {
    const code = await newCode()
    await openLive('/admin/results', 'Test Results')
    await page.getByRole('searchbox', { name: 'Search' }).fill(code)
    await page.getByText(/^Showing 0 of \d+ results?$/).waitFor()

    await submitExam(code, 'Live Student', answers)

    const row = page.getByRole('row').filter({ hasText: code })
    await row.getByText('Live Student', { exact: true }).waitFor({ timeout: liveTimeoutMs })
    await row.getByText('30/50', { exact: true }).waitFor()
    await expect.poll(() => page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe(code)
    await expectSameDocument('/admin/results')
  })

  it('changes the dashboard counts as codes are made and used', async () => {
    await openLive('/admin', 'Admin Dashboard')
    const before = {
      codes: await stat('Statistics', 'Login Codes'),
      used: await stat('Statistics', 'Codes Used'),
      submissions: await stat('Statistics', 'Test Submissions'),
    }

    const code = await newCode()
    await expect.poll(() => stat('Statistics', 'Login Codes'), { timeout: liveTimeoutMs }).toBe(before.codes + 1)

    await submitExam(code, 'Dashboard Student', answers)
    await expect.poll(() => stat('Statistics', 'Test Submissions'), { timeout: liveTimeoutMs }).toBe(before.submissions + 1)
    await expect.poll(() => stat('Statistics', 'Codes Used')).toBe(before.used + 1)
    await expectSameDocument('/admin')
  })

  it('moves a code to the used ones on the Login Code Manager when a student uses it', async () => {
    await openLive('/admin/codes', 'Login Code Manager')
    const code = await newCode()
    const available = page.getByRole('list', { name: 'Available codes' })
    await available.getByText(code, { exact: true }).waitFor({ timeout: liveTimeoutMs })

    await submitExam(code, 'Codes Student', answers)

    const used = page.getByRole('list', { name: 'Used codes' }).getByRole('listitem').filter({ hasText: code })
    await used.getByText('Used by Codes Student', { exact: true }).waitFor({ timeout: liveTimeoutMs })
    await expect.poll(() => available.getByText(code, { exact: true }).count()).toBe(0)
    await expectSameDocument('/admin/codes')
  })

  it('says live updates are paused while the connection is down, refreshes every 10 s meanwhile, and is live again once it is back', async () => {
    const code = await newCode()
    await openLive('/admin/results', 'Test Results')
    await page.getByRole('searchbox', { name: 'Search' }).fill(code)
    await page.getByText(/^Showing 0 of \d+ results?$/).waitFor()

    await dropRealtime()
    await indicatorSays('Live updates paused, refreshing every 10 s')
    const reads = countCalls('rpc/admin_results_summary')
    await submitExam(code, 'Offline Admin Student', answers)
    // Nothing can reach the screen over Realtime now: only its timed refresh shows the submission.
    const row = page.getByRole('row').filter({ hasText: code })
    await row.getByText('Offline Admin Student', { exact: true }).waitFor({ timeout: 10_000 + liveTimeoutMs })
    expect(reads.count).toBeGreaterThanOrEqual(1)

    realtime.down = false
    await indicatorSays('Live', reconnectTimeoutMs)
    await expectSameDocument('/admin/results')
  })

  it('keeps one Realtime connection for the tab as the admin moves between the live screens', async () => {
    await openLive('/admin', 'Admin Dashboard')
    const opened = realtime.opened
    for (const [link, heading] of [
      ['Test Results', 'Test Results'],
      ['Dashboard', 'Admin Dashboard'],
      ['Login Codes', 'Login Code Manager'],
      ['Dashboard', 'Admin Dashboard'],
    ] as const) {
      await followAdminMenu(page, link)
      await page.getByRole('heading', { level: 1, name: heading }).waitFor()
      await indicatorSays('Live')
    }
    expect(realtime.opened).toBe(opened)
    expect(realtime.open.size).toBe(1)
    await expectSameDocument('/admin')
  })
})
