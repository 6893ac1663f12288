import { readFile, readdir } from 'node:fs/promises'
import { basename, join } from 'node:path'
import type { SqlDatabase } from './db.ts'

export const supabaseDir = new URL('..', import.meta.url).pathname

export class MigrationFailed extends Error {}

/**
 * A migration whose text differs from what was applied under its version. An existing database
 * (a data directory, a hosted project) never runs an edited migration again, so it would
 * silently differ from a new one: a landed migration is never edited, a change is a new one.
 */
export class MigrationEdited extends MigrationFailed {
  constructor(file: string) {
    super(
      `Migration ${file} was edited after this database applied it, so the database does not hold what the file says. ` +
        'Put back the text it had and make the change in a new migration.',
    )
  }
}

/** The same text whichever line ends a checkout gave it. */
const normalized = (sql: string) => sql.replace(/\r\n/g, '\n')

/**
 * Runs bootstrap.sql, every migration not yet recorded (in file-name order), then seed.sql on a
 * fresh database. Refuses (MigrationEdited) when an applied migration's file no longer has the
 * text recorded when it ran.
 */
export async function migrate(
  db: SqlDatabase,
  { seed = true, dir = supabaseDir }: { seed?: boolean; dir?: string } = {},
): Promise<string[]> {
  await db.exec(await readFile(new URL('./bootstrap.sql', import.meta.url), 'utf8'))
  // Supabase's own history table keeps each migration's statements: the text it ran.
  const applied = new Map(
    (
      await db.query<{ version: string; statements: string[] | null }>(
        'select version, statements from supabase_migrations.schema_migrations',
      )
    ).rows.map((r) => [r.version, r.statements?.join('\n') ?? null]),
  )
  const isFresh = applied.size === 0
  const files = (await readdir(join(dir, 'migrations'))).filter((f) => f.endsWith('.sql')).sort()
  const ran: string[] = []
  for (const file of files) {
    const match = /^(\d+)_(.+)\.sql$/.exec(file)
    if (!match) throw new MigrationFailed(`Migration file name must be <timestamp>_<name>.sql: ${file}`)
    const [, version, name] = match as unknown as [string, string, string]
    const sql = await readFile(join(dir, 'migrations', file), 'utf8')
    if (applied.has(version)) {
      const ran = applied.get(version)
      if (ran !== null && ran !== undefined && normalized(ran) !== normalized(sql)) throw new MigrationEdited(file)
      continue
    }
    try {
      await db.transaction(async (tx) => {
        await tx.exec(sql)
        await tx.query('insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)', [
          version,
          name,
          [sql],
        ])
      })
    } catch (error) {
      throw new MigrationFailed(`Migration ${basename(file)} failed: ${(error as Error).message}`)
    }
    ran.push(file)
  }
  if (isFresh && seed) {
    const seedSql = await readFile(join(dir, 'seed.sql'), 'utf8')
    try {
      await db.exec(seedSql)
    } catch (error) {
      throw new MigrationFailed(`seed.sql failed: ${(error as Error).message}`)
    }
  }
  return ran
}
