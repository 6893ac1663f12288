import type { SqlClient } from '../db.ts'
import type { TableInfo } from '../rest/catalog.ts'
import { quoteIdent } from '../rest/sql-builder.ts'

/** A table as Realtime needs it: the REST layer's view of it (for filters) and more. */
export interface RealtimeTable extends TableInfo {
  schema: string
  /** `"schema"."table"`, for SQL text. */
  relation: string
  /** Each column with its type name as Realtime reports it (`int4`, `timestamptz`, `_text`). */
  columnTypes: Array<{ name: string; type: string }>
}

/** A table by schema and name, or undefined when there is none. */
export type TableLookup = (db: SqlClient, schema: string, table: string) => Promise<RealtimeTable | undefined>

/** Looks tables up once each: the schema only changes through migrations, which run before the stack serves. */
export function tableCatalog(): TableLookup {
  const known = new Map<string, RealtimeTable>()
  return async (db, schema, table) => {
    const relation = `${quoteIdent(schema)}.${quoteIdent(table)}`
    const cached = known.get(relation)
    if (cached) return cached
    const { rows } = await db.query<{ name: string; type: string; sql_type: string; is_key: boolean }>(
      `select a.attname as name, t.typname as type, format_type(a.atttypid, a.atttypmod) as sql_type,
              coalesce(a.attnum = any (i.indkey), false) as is_key
         from pg_catalog.pg_attribute a
         join pg_catalog.pg_type t on t.oid = a.atttypid
         left join pg_catalog.pg_index i on i.indrelid = a.attrelid and i.indisprimary
        where a.attrelid = to_regclass($1) and a.attnum > 0 and not a.attisdropped
        order by a.attnum`,
      [relation],
    )
    if (rows.length === 0) return undefined
    const found: RealtimeTable = {
      schema,
      name: table,
      relation,
      columns: new Map(rows.map((r) => [r.name, r.sql_type])),
      primaryKey: rows.filter((r) => r.is_key).map((r) => r.name),
      columnTypes: rows.map((r) => ({ name: r.name, type: r.type })),
    }
    known.set(relation, found)
    return found
  }
}
