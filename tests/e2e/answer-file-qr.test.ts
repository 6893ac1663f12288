import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { answerFileRecoveryMessages } from '../../src/lib/admin/answer-file-recovery.ts'
import { launchChromium } from './browser.ts'
import {
  expectAccessible,
  openProctorRoom,
  phone,
  phoneViewport,
  runOutOfTimeOffline,
  signInAsAdmin,
  studentExamFixture,
  submissionsFor,
} from './fixtures.ts'

/**
 * The answer file as a QR code (issue 27): a phone offline past its deadline shows the QR code of its answer
 * file; a proctor's phone, whose camera films that very image, scans it in the Proctor Room, keeps it while
 * offline and uploads it once online. The proctor's Chromium films a Y4M file made from the student's QR code.
 */

const exam = studentExamFixture()
const qrCodeImage = { name: 'QR code of your answer file: show it to your proctor to scan' }

/** The camera's frame: what Chromium's fake camera films, a still image in YUV 4:2:0. */
const frame = { width: 640, height: 480 }

let workDir: string
const browsers: Browser[] = []
beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'holdfast-answer-file-qr-'))
})
afterEach(async () => {
  for (const browser of browsers.splice(0)) await browser.close()
})
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true })
})

/**
 * The QR code the page shows, as the luma of a camera frame: the SVG drawn on a blank page's canvas (no app
 * policy there), whole pixels a module, centred on white.
 */
async function qrCodeFrameLuma(context: BrowserContext, image: Locator): Promise<Buffer> {
  const svg = await image.evaluate((element) => element.outerHTML)
  const blank = await context.newPage()
  try {
    const luma = await blank.evaluate(
      async ({ svg, width, height }) => {
        const picture = new Image()
        picture.src = `data:image/svg+xml;base64,${btoa(unescape(encodeURIComponent(svg.replace('<svg', '<svg xmlns="http://www.w3.org/2000/svg"'))))}`
        await picture.decode()
        const viewBox = new DOMParser().parseFromString(svg, 'image/svg+xml').documentElement.getAttribute('viewBox') ?? ''
        const modules = Number(viewBox.split(' ')[2])
        const side = Math.floor(Math.min(width, height) / modules) * modules
        const canvas = document.createElement('canvas')
        Object.assign(canvas, { width, height })
        const drawing = canvas.getContext('2d')!
        drawing.imageSmoothingEnabled = false
        drawing.fillStyle = '#fff'
        drawing.fillRect(0, 0, width, height)
        drawing.drawImage(picture, (width - side) / 2, (height - side) / 2, side, side)
        const { data } = drawing.getImageData(0, 0, width, height)
        return Array.from({ length: width * height }, (_, i) =>
          Math.round(0.299 * data[i * 4]! + 0.587 * data[i * 4 + 1]! + 0.114 * data[i * 4 + 2]!),
        )
      },
      { svg, ...frame },
    )
    return Buffer.from(luma)
  } finally {
    await blank.close()
  }
}

/** A Y4M video of one frame: the luma given, no colour (both chroma planes at 128). */
function y4mOf(luma: Buffer): Buffer {
  const chroma = Buffer.alloc((frame.width / 2) * (frame.height / 2), 128)
  return Buffer.concat([
    Buffer.from(`YUV4MPEG2 W${frame.width} H${frame.height} F10:1 Ip A1:1 C420jpeg\n`),
    Buffer.from('FRAME\n'),
    luma,
    chroma,
    chroma,
  ])
}

/** A proctor's phone, signed in, in a Chromium of its own whose camera films `video` (or the machine's test pattern). */
async function proctorPhone(video?: string): Promise<{ context: BrowserContext; page: Page }> {
  const browser = await launchChromium(video ? [`--use-file-for-fake-video-capture=${video}`] : [])
  browsers.push(browser)
  const context = await browser.newContext(phone)
  const page = await context.newPage()
  await signInAsAdmin(page)
  await openProctorRoom(page)
  return { context, page }
}

/** The answer files the proctor's device keeps, as its IndexedDB holds them. */
function keptOnProctorDevice(page: Page): Promise<unknown[]> {
  return page.evaluate(
    () =>
      new Promise<unknown[]>((resolve, reject) => {
        const opening = indexedDB.open('holdfast-proctor-device')
        opening.onerror = () => reject(new Error('the proctor device database could not be opened'))
        opening.onsuccess = () => {
          const reading = opening.result.transaction('scannedAnswerFiles').objectStore('scannedAnswerFiles').getAll()
          reading.onsuccess = () => resolve((reading.result as Array<{ file: unknown }>).map((entry) => entry.file))
        }
      }),
  )
}

/** The WebAssembly files in any of the page's caches (the service worker's precache and runtime caches). */
function cachedWasmFiles(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls = await Promise.all(
      (await caches.keys()).map(async (name) => (await (await caches.open(name)).keys()).map((request) => request.url)),
    )
    return urls.flat().filter((url) => new URL(url).pathname.endsWith('.wasm'))
  })
}

const scanButton = { name: 'Scan answer QR code' }

describe('the answer file as a QR code', () => {
  it('is scanned from an offline phone past its deadline, kept on the offline proctor phone, and uploaded once online', async () => {
    await exam.page.setViewportSize(phoneViewport)
    const code = await runOutOfTimeOffline(exam, 'Zoë Ødegaard', 'B')
    await exam.page.clock.fastForward('02:00')
    const image = exam.page.getByRole('img', qrCodeImage)
    await image.waitFor()
    const [download] = await Promise.all([
      exam.page.waitForEvent('download'),
      exam.page.getByRole('button', { name: 'Download answer file' }).click(),
    ])
    const deviceFile = JSON.parse(await readFile(await download.path(), 'utf8')) as Record<string, unknown>
    const video = join(workDir, 'student-qr.y4m')
    await writeFile(video, y4mOf(await qrCodeFrameLuma(exam.context, image)))

    const proctor = await proctorPhone(video)
    // Its offline copy (the QR reader's code and WebAssembly included) is installed before the network goes.
    await expect
      .poll(() => proctor.page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state))
      .toBe('activated')
    await expect.poll(() => cachedWasmFiles(proctor.page)).toHaveLength(1)
    // Students never download the reader: the student's device holds no WebAssembly in any cache.
    expect(await cachedWasmFiles(exam.page)).toEqual([])
    await proctor.context.setOffline(true)
    await proctor.page.getByRole('button', scanButton).click()
    await proctor.page
      .getByText(`Scanned the answer file of Zoë Ødegaard (${code}). It is kept on this device until the server has it.`)
      .waitFor({ timeout: 30_000 })
    await expect.poll(() => proctor.page.getByRole('dialog', { name: 'Scan answer QR code' }).count()).toBe(0)
    await proctor.page.getByText('Waiting to upload: 1', { exact: true }).waitFor()
    await proctor.page
      .getByRole('list', { name: 'Answer files waiting to upload' })
      .getByText(`Zoë Ødegaard (${code})`, { exact: true })
      .waitFor()
    // What the camera read is the device's own answer file, tag included.
    expect(await keptOnProctorDevice(proctor.page)).toEqual([deviceFile])
    expect(await submissionsFor(code)).toEqual([])

    await proctor.context.setOffline(false)
    await proctor.page
      .getByRole('list', { name: 'Uploaded answer QR codes' })
      .getByRole('listitem')
      .filter({ hasText: `Zoë Ødegaard (${code}): ${answerFileRecoveryMessages.accepted}` })
      .waitFor({ timeout: 30_000 })
    await proctor.page.getByText('Waiting to upload: 0', { exact: true }).waitFor()
    expect(await keptOnProctorDevice(proctor.page)).toEqual([])
    // On the proctor's phone the room is a list of cards, one per attempt.
    await proctor.page
      .getByRole('list', { name: /^Exam attempts/ })
      .getByRole('listitem')
      .filter({ hasText: code })
      .getByText('Recovered from file', { exact: true })
      .waitFor()
    const [recovered, ...others] = await submissionsFor(code)
    expect(others).toEqual([])
    expect(recovered).toMatchObject({ id: deviceFile.submission_id, answers: { '1': 'B' }, recovered_from_file: true })
    await expectAccessible(exam.page, 'the answer file offer with its QR code', '.completion__answer-file')
  })

  it('opens a scanner dialog that is labelled, keyboard-operable and says plainly when the camera is refused', async () => {
    // The machine's fake camera films a test pattern: no QR code, so the dialog stays scanning.
    const proctor = await proctorPhone()
    const opener = proctor.page.getByRole('button', scanButton)
    await opener.focus()
    await proctor.page.keyboard.press('Enter')
    const dialog = proctor.page.getByRole('dialog', { name: 'Scan answer QR code' })
    await dialog
      .getByRole('status')
      .getByText("Point the camera at the QR code on the student's screen.", { exact: true })
      .waitFor({ timeout: 30_000 })
    await dialog.getByLabel('Camera view').waitFor()
    await expectAccessible(proctor.page, 'the scanner dialog, scanning', '.admin-dialog')
    await proctor.page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)
    await expect.poll(() => opener.evaluate((button) => button === document.activeElement)).toBe(true)

    // A proctor who refuses the camera: the browser answers as it does then.
    await proctor.page.evaluate(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))
    })
    await opener.click()
    await dialog
      .getByRole('alert')
      .getByText(
        "The camera was refused. Allow this site to use the camera in your browser's settings, then scan again, or upload the answer file instead.",
        { exact: true },
      )
      .waitFor()
    await expect
      .poll(() => dialog.getByRole('button', { name: 'Close' }).evaluate((button) => button === document.activeElement))
      .toBe(true)
    await expectAccessible(proctor.page, 'the scanner dialog, camera refused', '.admin-dialog')
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => dialog.count()).toBe(0)
  })
})
