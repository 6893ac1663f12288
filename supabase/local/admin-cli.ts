import { parseArgs } from 'node:util'
import { addAdmin, generatePassword, minPasswordLength, normalizeEmail } from './auth/admin-accounts.ts'
import { createPrivateDir, DataDirInUse, dataDirFromEnv, restrictToOwner, runningServerPid } from './data-dir.ts'
import { openPglite } from './db.ts'
import { migrate } from './migrate.ts'

const usage = `Usage: npm run admin -- add <email> [--password <password>]

Makes <email> an administrator of the local Holdfast stack. A new account is created, or an
existing account's password is replaced (which signs it out everywhere). Without --password a
password is generated and printed once.

Options:
  -p, --password <password>  at least ${minPasswordLength} characters
  -h, --help                 show this help

Environment:
  HOLDFAST_DATA_DIR  the PGlite data directory (default: .data/pglite in the project)

Stop the server first: only one process may open the data directory.`

class UsageError extends Error {}

async function main(args: string[]): Promise<void> {
  let parsed
  try {
    parsed = parseArgs({
      args,
      options: { password: { type: 'string', short: 'p' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
    })
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  const { values, positionals } = parsed
  if (values.help) {
    console.log(usage)
    return
  }
  const [command, email, ...extra] = positionals
  if (command !== 'add') throw new UsageError(command ? `Unknown command "${command}".` : 'No command given.')
  if (!email) throw new UsageError('add needs the administrator e-mail address.')
  if (extra.length) throw new UsageError(`Unexpected arguments: ${extra.join(' ')}`)

  const dataDir = dataDirFromEnv()
  const serverPid = await runningServerPid(dataDir)
  if (serverPid !== undefined) throw new DataDirInUse(serverPid, dataDir)

  const password = values.password ?? generatePassword()
  // The same privacy as the server's data directory: it may be made here first.
  await createPrivateDir(dataDir)
  const db = await openPglite(dataDir)
  try {
    await migrate(db)
    await addAdmin(db, email, password)
  } finally {
    await db.close()
    await restrictToOwner(dataDir)
  }
  console.log(`${normalizeEmail(email)} is an administrator (data directory ${dataDir}).`)
  if (values.password === undefined) console.log(`Password: ${password}\nIt is shown only once: note it now.`)
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${usage}`)
    process.exitCode = 2
    return
  }
  console.error(error instanceof Error ? error.message : String(error))
  process.exitCode = 1
})
