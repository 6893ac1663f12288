import { parseQuestionCsv } from '../../../domain/csv-import'

// Parsing and validating runs here, off the main thread, so a file of thousands of rows never freezes the page.
self.onmessage = (event: MessageEvent<string>) => {
  self.postMessage(parseQuestionCsv(event.data))
}
