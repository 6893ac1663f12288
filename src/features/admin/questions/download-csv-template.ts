import { questionCsvTemplate } from '../../../domain/question-csv-template'
import { saveTextFile } from '../../../lib/browser/save-text-file'

/** Saves the import template as questions-template.csv. */
export function downloadCsvTemplate(): void {
  saveTextFile('questions-template.csv', questionCsvTemplate, 'text/csv')
}
