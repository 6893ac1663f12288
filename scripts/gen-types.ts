// `npm run gen:types`: apply the migrations to a throwaway in-memory database and write
// src/lib/database.types.ts from its catalogue.
import { writeFile } from 'node:fs/promises'
import { renderDatabaseTypes } from '../supabase/local/database-types.ts'
import { openPglite } from '../supabase/local/db.ts'
import { migrate } from '../supabase/local/migrate.ts'

const target = new URL('../src/lib/database.types.ts', import.meta.url)
const db = await openPglite(undefined)
await migrate(db, { seed: false })
await writeFile(target, await renderDatabaseTypes(db))
await db.close()
console.log(`Wrote ${target.pathname}`)
