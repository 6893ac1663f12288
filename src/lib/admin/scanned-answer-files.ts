import Dexie, { type EntityTable } from 'dexie'
import type { AnswerFile } from '../../domain/answer-file'

/** An answer file the proctor scanned from a student's QR code, kept on this device until the server has judged it. */
export interface ScannedAnswerFile {
  /** The submission id and the tag: the same file scanned twice is kept once, a different file for it is kept too. */
  id: string
  file: AnswerFile
  /** Device clock, ms: files are uploaded in the order they were scanned. */
  scannedAt: number
}

/**
 * The proctor's device's own database, apart from a student's exam database: a proctor in a room without
 * network scans the answer files there and they are uploaded once the connection returns, even after a reload.
 */
class ProctorDeviceDb extends Dexie {
  scannedAnswerFiles!: EntityTable<ScannedAnswerFile, 'id'>

  constructor() {
    super('holdfast-proctor-device')
    this.version(1).stores({ scannedAnswerFiles: 'id, scannedAt' })
  }
}

const proctorDeviceDb = new ProctorDeviceDb()

export function scannedAnswerFileId(file: AnswerFile): string {
  return `${file.submission_id}:${file.tag}`
}

/** Keeps a scanned file at once, before any upload is tried. */
export async function keepScannedAnswerFile(file: AnswerFile, scannedAt: number): Promise<void> {
  const id = scannedAnswerFileId(file)
  await proctorDeviceDb.transaction('rw', proctorDeviceDb.scannedAnswerFiles, async () => {
    // Scanned again while it still waits: it keeps its place in the queue.
    if (await proctorDeviceDb.scannedAnswerFiles.get(id)) return
    await proctorDeviceDb.scannedAnswerFiles.add({ id, file, scannedAt })
  })
}

/** The files still waiting for the server, oldest scan first. */
export function waitingScannedAnswerFiles(): Promise<ScannedAnswerFile[]> {
  return proctorDeviceDb.scannedAnswerFiles.orderBy('scannedAt').toArray()
}

/** Forgets a file the server has judged: the server holds what it recorded, and the device keeps no student's answers longer. */
export async function forgetScannedAnswerFile(id: string): Promise<void> {
  await proctorDeviceDb.scannedAnswerFiles.delete(id)
}
