import { questionCsvTemplate } from '../../../domain/question-csv-template'

/** Saves the import template as questions-template.csv through a temporary link. */
export function downloadCsvTemplate(): void {
  const url = URL.createObjectURL(new Blob([questionCsvTemplate], { type: 'text/csv' }))
  const link = document.createElement('a')
  link.href = url
  link.download = 'questions-template.csv'
  document.body.append(link)
  link.click()
  link.remove()
  URL.revokeObjectURL(url)
}
