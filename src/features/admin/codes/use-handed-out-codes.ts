import { useCallback, useEffect, useState } from 'react'
import { copiedCodesText, loginCodesCsv, loginCodesFileName } from '../../../domain/login-code-sheet'
import { loadExamOverview } from '../../../lib/admin/admin-exams'
import { loadEveryLoginCode, type LoginCodeScope } from '../../../lib/admin/admin-login-codes'
import type { AdminResult } from '../../../lib/admin/admin-result'
import { saveTextFile } from '../../../lib/browser/save-text-file'
import type { PrintedSlips, SlipSitting } from './login-code-slips'

/** "Copied" shows on Copy all for 2 seconds (docs/product.md#login-codes). */
export const copyFeedbackMs = 2000

export const nothingToCopy = 'No available codes to copy'
export const nothingToExport = 'No codes to export'
export const nothingToPrint = 'No available codes to print'
export const copyFailed = 'Could not copy the codes; export them as CSV instead.'

/** The exam the codes belong to, as the slips and the CSV name it, with its open or next sitting. */
async function examOfCodes(examId: string | undefined): Promise<AdminResult<{ name: string; sitting: SlipSitting | null }>> {
  const overview = await loadExamOverview()
  if (!overview.ok) return overview
  // Without an exam id the school has a single exam: the only one there is.
  const exam = overview.data.find((candidate) => candidate.id === examId) ?? (examId ? undefined : overview.data[0])
  const coming = exam?.status === 'active' || exam?.status === 'upcoming'
  return { ok: true, data: { name: exam?.name ?? '', sitting: coming ? (exam?.sitting ?? null) : null } }
}

/**
 * Copy all, Export CSV and Print slips, over the codes of `scope` (its exam and label filter):
 * each reads every code it needs a read at a time, whatever page the lists show.
 */
export function useHandedOutCodes(scope: LoginCodeScope, onError: (message: string) => void) {
  const [busy, setBusy] = useState(false)
  const [copied, setCopied] = useState(false)
  const [slips, setSlips] = useState<PrintedSlips>()
  const { examId, label } = scope

  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), copyFeedbackMs)
    return () => clearTimeout(timer)
  }, [copied])

  // The slips print once they are laid out, and go when the print dialog closes, so that a later
  // Ctrl+P never prints codes handed out since.
  useEffect(() => {
    if (!slips) return
    window.print()
  }, [slips])
  useEffect(() => {
    const dropSlips = () => setSlips(undefined)
    window.addEventListener('afterprint', dropSlips)
    return () => window.removeEventListener('afterprint', dropSlips)
  }, [])

  /** Runs one of the three, one at a time. */
  const run = useCallback(async (work: () => Promise<void>) => {
    setBusy(true)
    try {
      await work()
    } finally {
      setBusy(false)
    }
  }, [])

  const copyAll = () =>
    run(async () => {
      const codes = await loadEveryLoginCode(['available'], { examId, label })
      if (!codes.ok) return onError(codes.error)
      if (codes.data.length === 0) return onError(nothingToCopy)
      try {
        await navigator.clipboard.writeText(copiedCodesText(codes.data))
        setCopied(true)
      } catch {
        onError(copyFailed)
      }
    })

  const exportCsv = () =>
    run(async () => {
      const [codes, exam] = await Promise.all([
        loadEveryLoginCode(['available', 'in_use'], { examId, label }),
        examOfCodes(examId),
      ])
      if (!codes.ok) return onError(codes.error)
      if (!exam.ok) return onError(exam.error)
      if (codes.data.length === 0) return onError(nothingToExport)
      saveTextFile(
        loginCodesFileName(exam.data.name, label ?? null),
        loginCodesCsv(codes.data, exam.data.name, exam.data.sitting?.name ?? null),
        'text/csv;charset=utf-8',
      )
    })

  const printSlips = () =>
    run(async () => {
      const [codes, exam] = await Promise.all([loadEveryLoginCode(['available'], { examId, label }), examOfCodes(examId)])
      if (!codes.ok) return onError(codes.error)
      if (!exam.ok) return onError(exam.error)
      if (codes.data.length === 0) return onError(nothingToPrint)
      setSlips({ examName: exam.data.name, sitting: exam.data.sitting, codes: codes.data })
    })

  return { busy, copied, slips, copyAll, exportCsv, printSlips }
}
