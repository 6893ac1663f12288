import type { SqlClient } from './db.ts'

/**
 * Renders the `public` schema as TypeScript in the shape `supabase gen types typescript`
 * emits, so `createClient<Database>` is typed the same against the local stack and hosted
 * Supabase. `npm run gen:types` writes it to src/lib/api/database.types.ts; a test keeps it in sync.
 */
export async function renderDatabaseTypes(db: SqlClient): Promise<string> {
  const columns = await db.query<{
    table_name: string
    column_name: string
    type: string
    element_type: string | null
    nullable: boolean
    has_default: boolean
  }>(`
    select c.relname as table_name, a.attname as column_name, t.typname as type,
           et.typname as element_type, not a.attnotnull as nullable,
           (a.atthasdef or a.attidentity <> '' or a.attgenerated <> '') as has_default
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      join pg_catalog.pg_attribute a on a.attrelid = c.oid
      join pg_catalog.pg_type t on t.oid = a.atttypid
      left join pg_catalog.pg_type et on et.oid = t.typelem and t.typcategory = 'A'
     where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
     order by c.relname, a.attname`)
  const functions = await db.query<{
    name: string
    arg_names: string[] | null
    arg_types: string[]
    arg_kinds: string[]
    defaults: number
    returns_set: boolean
    return_type: string
    return_relation: string | null
    /** The columns of a RETURNS TABLE function, in order. */
    table_columns: Array<{ name: string; type: string }>
  }>(`
    select p.proname as name, p.proargnames as arg_names,
           array(select t.typname::text from unnest(p.proargtypes::oid[]) with ordinality as a(oid, i) join pg_catalog.pg_type t on t.oid = a.oid order by a.i) as arg_types,
           array(select t.typtype::text from unnest(p.proargtypes::oid[]) with ordinality as a(oid, i) join pg_catalog.pg_type t on t.oid = a.oid order by a.i) as arg_kinds,
           p.pronargdefaults as defaults, p.proretset as returns_set, rt.typname as return_type,
           (select c.relname from pg_catalog.pg_class c where c.oid = rt.typrelid) as return_relation,
           coalesce((select json_agg(json_build_object('name', a.name, 'type', t.typname) order by a.i)
                       from unnest(p.proallargtypes::oid[], p.proargmodes::text[], p.proargnames) with ordinality as a(oid, mode, name, i)
                       join pg_catalog.pg_type t on t.oid = a.oid
                      where a.mode = 't'), '[]') as table_columns
      from pg_catalog.pg_proc p
      join pg_catalog.pg_namespace n on n.oid = p.pronamespace
      join pg_catalog.pg_type rt on rt.oid = p.prorettype
     where n.nspname = 'public' and p.prokind = 'f'
       and not exists (select 1 from pg_catalog.pg_depend d where d.objid = p.oid and d.deptype = 'e')
     order by p.proname`)

  const tables = new Map<string, typeof columns.rows>()
  for (const row of columns.rows) tables.set(row.table_name, [...(tables.get(row.table_name) ?? []), row])

  const lines: string[] = [
    'export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]',
    '',
    'export type Database = {',
    '  // Allows to automatically instantiate createClient with right options',
    "  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)",
    '  __InternalSupabase: {',
    '    PostgrestVersion: "12.2.3"',
    '  }',
    '  public: {',
    '    Tables: {',
  ]
  for (const [name, cols] of tables) {
    lines.push(`      ${name}: {`)
    for (const [section, optional] of [
      ['Row', () => false],
      ['Insert', (c: (typeof cols)[number]) => c.nullable || c.has_default],
      ['Update', () => true],
    ] as const) {
      lines.push(`        ${section}: {`)
      for (const col of cols) {
        const type = tsType(col.type, col.element_type) + (col.nullable ? ' | null' : '')
        lines.push(`          ${col.column_name}${optional(col) ? '?' : ''}: ${type}`)
      }
      lines.push('        }')
    }
    lines.push('        Relationships: []', '      }')
  }
  lines.push('    }', '    Views: {', '      [_ in never]: never', '    }', '    Functions: {')
  // Functions taking a table row are computed fields, not RPCs (as in the Supabase CLI).
  for (const fn of functions.rows.filter((f) => !f.arg_kinds.includes('c'))) {
    lines.push(`      ${fn.name}: {`)
    if (fn.arg_types.length === 0) lines.push('        Args: never')
    else {
      lines.push('        Args: {')
      const firstDefault = fn.arg_types.length - fn.defaults
      fn.arg_types.forEach((type, i) =>
        lines.push(`          ${fn.arg_names?.[i] ?? `arg${i}`}${i >= firstDefault ? '?' : ''}: ${tsType(type, null)}`),
      )
      lines.push('        }')
    }
    lines.push(`        Returns: ${returnType(fn)}`, '      }')
  }
  lines.push(
    '    }',
    '    Enums: {',
    '      [_ in never]: never',
    '    }',
    '    CompositeTypes: {',
    '      [_ in never]: never',
    '    }',
    '  }',
    '}',
    '',
    'type PublicSchema = Database["public"]',
    '',
    'export type Tables<T extends keyof PublicSchema["Tables"]> = PublicSchema["Tables"][T]["Row"]',
    'export type TablesInsert<T extends keyof PublicSchema["Tables"]> = PublicSchema["Tables"][T]["Insert"]',
    'export type TablesUpdate<T extends keyof PublicSchema["Tables"]> = PublicSchema["Tables"][T]["Update"]',
    '',
  )
  return lines.join('\n')

  function returnType(fn: (typeof functions.rows)[number]): string {
    if (fn.return_relation && tables.has(fn.return_relation)) {
      const row = `Database["public"]["Tables"]["${fn.return_relation}"]["Row"]`
      return fn.returns_set ? `${row}[]` : row
    }
    if (fn.return_type === 'void') return 'undefined'
    if (fn.table_columns.length > 0) {
      const fields = fn.table_columns.map((column) => `${column.name}: ${tsType(column.type, null)}`)
      return `{ ${fields.join('; ')} }[]`
    }
    const type = tsType(fn.return_type, null)
    return fn.returns_set ? `${type}[]` : type
  }
}

function tsType(pgType: string, elementType: string | null): string {
  if (elementType) return `${tsType(elementType, null)}[]`
  if (['int2', 'int4', 'int8', 'float4', 'float8', 'numeric'].includes(pgType)) return 'number'
  if (pgType === 'bool') return 'boolean'
  if (pgType === 'json' || pgType === 'jsonb') return 'Json'
  if (
    ['text', 'varchar', 'bpchar', 'uuid', 'date', 'time', 'timetz', 'timestamp', 'timestamptz', 'interval', 'citext'].includes(
      pgType,
    )
  )
    return 'string'
  return 'unknown'
}
