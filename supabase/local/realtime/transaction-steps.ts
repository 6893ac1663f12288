import type { SqlClient } from '../db.ts'

/**
 * Runs `work` in a savepoint of the transaction `tx` and answers its error rather than throwing
 * it: a batch of changes is checked for every subscriber in one transaction, and what fails for
 * one of them must undo only its own statements and leave the others their changes.
 */
export async function inSavepoint<T>(tx: SqlClient, work: () => Promise<T>): Promise<{ value: T } | { error: Error }> {
  await tx.query('savepoint realtime_step')
  try {
    const value = await work()
    await tx.query('release savepoint realtime_step')
    return { value }
  } catch (error) {
    await tx.query('rollback to savepoint realtime_step')
    await tx.query('release savepoint realtime_step')
    return { error: error as Error }
  }
}

/** Makes the rest of the transaction act as the stack's own role, which owns the tables (so their policies do not apply). */
export async function actAsStack(tx: SqlClient): Promise<void> {
  await tx.query(`select set_config('role', 'none', true), set_config('request.jwt.claims', '', true)`)
}
