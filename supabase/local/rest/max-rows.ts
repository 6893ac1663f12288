import { readFileSync } from 'node:fs'

/** Hosted Supabase's cap when `[api] max_rows` is not set. */
const supabaseDefaultMaxRows = 1000

const supabaseConfigFile = new URL('../../config.toml', import.meta.url)

/**
 * `[api] max_rows` of supabase/config.toml: the most rows hosted PostgREST returns for one read.
 * The embedded stack reads the same key so that a read which production would cut short is cut
 * short here too. Only this one key is read, so a line scan does instead of a TOML parser.
 */
export function readMaxRows(configFile: URL | string = supabaseConfigFile): number {
  let text: string
  try {
    text = readFileSync(configFile, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return supabaseDefaultMaxRows
    throw error
  }
  let table = ''
  for (const line of text.split('\n')) {
    const content = line.replace(/#.*/, '').trim()
    // Any table header ends the one before: `[name]`, or `[[name]]` for an array of tables.
    const header = /^\[\[?\s*([^\]]*?)\s*\]\]?$/.exec(content)
    if (header) table = header[1] as string
    const setting = /^max_rows\s*=\s*(.*)$/.exec(content)
    if (table === 'api' && setting) {
      const value = setting[1] as string
      if (!/^[1-9][0-9_]*$/.test(value)) {
        throw new Error(`${String(configFile)}: [api] max_rows must be a positive whole number, not "${value}"`)
      }
      return Number(value.replaceAll('_', ''))
    }
  }
  return supabaseDefaultMaxRows
}
