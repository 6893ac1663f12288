import type { SqlClient } from '../db.ts'

/** What the REST layer knows of the `public` schema: every identifier it emits is checked here first. */
export interface TableInfo {
  name: string
  /** Column name → SQL type, in table order. */
  columns: Map<string, string>
  primaryKey: string[]
}

export interface FunctionInfo {
  name: string
  args: Array<{ name: string; type: string }>
  requiredArgs: number
  returnsSet: boolean
  returnsVoid: boolean
  /** The columns of a set-returning function's rows (`returns table (…)` or `setof` a table), which a call may select. */
  columns: string[]
}

export interface Catalog {
  tables: Map<string, TableInfo>
  functions: Map<string, FunctionInfo[]>
}

export async function loadCatalog(db: SqlClient): Promise<Catalog> {
  const columns = await db.query<{ table_name: string; column_name: string; type: string }>(`
    select c.relname as table_name, a.attname as column_name, format_type(a.atttypid, a.atttypmod) as type
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      join pg_catalog.pg_attribute a on a.attrelid = c.oid
     where n.nspname = 'public' and c.relkind in ('r', 'v', 'p') and a.attnum > 0 and not a.attisdropped
     order by c.relname, a.attnum`)
  const keys = await db.query<{ table_name: string; column_name: string }>(`
    select c.relname as table_name, a.attname as column_name
      from pg_catalog.pg_index i
      join pg_catalog.pg_class c on c.oid = i.indrelid
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum = any (i.indkey)
     where i.indisprimary and n.nspname = 'public'`)
  const functions = await db.query<{
    name: string
    arg_names: string[] | null
    arg_modes: string[] | null
    arg_types: string[]
    defaults: number
    returns_set: boolean
    return_type: string
  }>(`
    select p.proname as name, p.proargnames as arg_names, p.proargmodes::text[] as arg_modes,
           array(select format_type(t, null) from unnest(p.proargtypes::oid[]) as t) as arg_types,
           p.pronargdefaults as defaults, p.proretset as returns_set, format_type(p.prorettype, null) as return_type
      from pg_catalog.pg_proc p
      join pg_catalog.pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public' and p.prokind = 'f'`)

  const tables = new Map<string, TableInfo>()
  for (const row of columns.rows) {
    const table = tables.get(row.table_name) ?? { name: row.table_name, columns: new Map(), primaryKey: [] }
    table.columns.set(row.column_name, row.type)
    tables.set(row.table_name, table)
  }
  for (const row of keys.rows) tables.get(row.table_name)?.primaryKey.push(row.column_name)

  const byName = new Map<string, FunctionInfo[]>()
  for (const row of functions.rows) {
    const inNames = (row.arg_names ?? []).filter((_, i) => !row.arg_modes || ['i', 'b', 'v'].includes(row.arg_modes[i] ?? 'i'))
    const info: FunctionInfo = {
      name: row.name,
      args: row.arg_types.map((type, i) => ({ name: inNames[i] ?? '', type })),
      requiredArgs: row.arg_types.length - row.defaults,
      returnsSet: row.returns_set,
      returnsVoid: row.return_type === 'void',
      columns: (row.arg_names ?? []).filter((_, i) => row.arg_modes?.[i] === 't'),
    }
    const rowTable = tables.get(row.return_type.replace(/^public\./, ''))
    if (info.columns.length === 0 && rowTable) info.columns = [...rowTable.columns.keys()]
    byName.set(row.name, [...(byName.get(row.name) ?? []), info])
  }
  return { tables, functions: byName }
}
