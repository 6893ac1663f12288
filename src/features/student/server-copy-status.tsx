import { useSelector } from '@xstate/react'
import { useEffect, useState } from 'react'
import type { ExamAttempt } from '../../domain/exam-attempt'
import { serverCopyStatus } from '../../domain/server-copy'
import type { ExamSessionRef } from './student-flow-context'

/** How often "{n} seconds ago" is brought up to date: often enough to be true, seldom enough not to chatter. */
const refreshMs = 5_000

/**
 * The exam header's "Server copy: …" line: how many answers only this device holds, and how long ago the
 * server last received everything (docs/product.md#the-servers-copy).
 */
export function ServerCopyStatus({ session, attempt }: { session: ExamSessionRef | undefined; attempt: ExamAttempt }) {
  const copy = useSelector(session, (snapshot) => snapshot?.context.serverCopy ?? null)
  const now = useSelector(session, (snapshot) => snapshot?.context.now)
  const [, refresh] = useState(0)
  useEffect(() => {
    const timer = setInterval(() => refresh((count) => count + 1), refreshMs)
    return () => clearInterval(timer)
  }, [])
  if (!now) return null
  return (
    <p className="server-copy-status" role="status">
      {serverCopyStatus(attempt, copy, now())}
    </p>
  )
}
