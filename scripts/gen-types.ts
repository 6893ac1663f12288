// `npm run gen:types`: apply the migrations to a throwaway in-memory database and write, from its
// catalogue, src/lib/api/database.types.ts and supabase/schema.sql.
import { writeFile } from 'node:fs/promises'
import { renderDatabaseTypes } from '../supabase/local/database-types.ts'
import { openPglite } from '../supabase/local/db.ts'
import { migrate } from '../supabase/local/migrate.ts'
import { renderSchemaSnapshot } from '../supabase/local/schema-snapshot.ts'

const typesFile = new URL('../src/lib/api/database.types.ts', import.meta.url)
const schemaFile = new URL('../supabase/schema.sql', import.meta.url)
const db = await openPglite(undefined)
await migrate(db, { seed: false })
await writeFile(typesFile, await renderDatabaseTypes(db))
await writeFile(schemaFile, await renderSchemaSnapshot(db))
await db.close()
console.log(`Wrote ${typesFile.pathname} and ${schemaFile.pathname}`)
