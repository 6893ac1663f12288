import { readFile, readdir } from 'node:fs/promises'
import { basename, join } from 'node:path'
import type { SqlDatabase } from './db.ts'

export const supabaseDir = new URL('..', import.meta.url).pathname

export class MigrationFailed extends Error {}

/** Runs bootstrap.sql, every migration not yet recorded (in file-name order), then seed.sql on a fresh database. */
export async function migrate(
  db: SqlDatabase,
  { seed = true, dir = supabaseDir }: { seed?: boolean; dir?: string } = {},
): Promise<string[]> {
  await db.exec(await readFile(new URL('./bootstrap.sql', import.meta.url), 'utf8'))
  const applied = new Set(
    (await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version),
  )
  const isFresh = applied.size === 0
  const files = (await readdir(join(dir, 'migrations'))).filter((f) => f.endsWith('.sql')).sort()
  const ran: string[] = []
  for (const file of files) {
    const match = /^(\d+)_(.+)\.sql$/.exec(file)
    if (!match) throw new MigrationFailed(`Migration file name must be <timestamp>_<name>.sql: ${file}`)
    const [, version, name] = match as unknown as [string, string, string]
    if (applied.has(version)) continue
    const sql = await readFile(join(dir, 'migrations', file), 'utf8')
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
