import type { CsvImportResult } from '../../../domain/csv-import'

/** Runs parseQuestionCsv in a Web Worker of its own and ends the worker when it answers. */
export function parseCsvInWorker(text: string): Promise<CsvImportResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./csv-import.worker.ts', import.meta.url), { type: 'module' })
    worker.onmessage = (event: MessageEvent<CsvImportResult>) => {
      worker.terminate()
      resolve(event.data)
    }
    worker.onerror = (event) => {
      worker.terminate()
      reject(new Error(event.message))
    }
    worker.postMessage(text)
  })
}
