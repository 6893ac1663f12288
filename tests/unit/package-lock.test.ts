import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// CI installs with `npm ci`, which refuses a lockfile that lacks any dependency, optional ones included. Our registry
// mirror serves only some platforms' binaries (rollup's), so `npm install` here can write a lockfile without the others.

interface LockEntry {
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
}

const lock = JSON.parse(readFileSync(join(process.cwd(), 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>
}

/** Node's lookup: the package's own node_modules, then each enclosing one up to the root's. */
function resolves(from: string, name: string): boolean {
  let dir = from
  for (;;) {
    if (lock.packages[`${dir === '' ? '' : `${dir}/`}node_modules/${name}`]) return true
    if (dir === '') return false
    const parent = dir.lastIndexOf('/node_modules/')
    dir = parent === -1 ? '' : dir.slice(0, parent)
  }
}

describe('package-lock.json', () => {
  it('holds an entry for every dependency of every package, so `npm ci` accepts it', () => {
    const missing = Object.entries(lock.packages).flatMap(([path, entry]) =>
      Object.keys({ ...entry.dependencies, ...entry.optionalDependencies, ...(path === '' ? entry.devDependencies : {}) })
        .filter((name) => !resolves(path, name))
        .map((name) => `${path || '(root)'} → ${name}`),
    )
    expect(missing).toEqual([])
  })
})
