import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const machinesDir = dirname(fileURLToPath(import.meta.url))
const domainDir = resolve(machinesDir, '../src/domain')

/** Every `import … from '…'` of a file, with whether it brings in types only. */
function importsOf(source: string) {
  return Array.from(source.matchAll(/^import\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]/gm), (match) => ({
    typeOnly: match[1] !== undefined,
    specifier: match[2]!,
  }))
}

it('keeps machines free of React and I/O: they import only xstate, src/domain, each other and types', () => {
  const machineFiles = readdirSync(machinesDir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  expect(machineFiles.length).toBeGreaterThan(0)
  const offending = machineFiles.flatMap((name) =>
    importsOf(readFileSync(join(machinesDir, name), 'utf8'))
      .filter(({ typeOnly, specifier }) => {
        if (typeOnly || specifier === 'xstate') return false
        if (!specifier.startsWith('.')) return true
        const target = resolve(machinesDir, specifier)
        return dirname(target) !== machinesDir && relative(domainDir, target).startsWith('..')
      })
      .map(({ specifier }) => `${name}: ${specifier}`),
  )
  expect(offending).toEqual([])
})
