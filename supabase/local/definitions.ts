import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { SqlClient, SqlDatabase } from './db.ts'
import { renderSchemaObjects, type SchemaObject } from './schema-snapshot.ts'

/**
 * supabase/definitions holds the current text of every function, view, policy and trigger of the
 * `public` and `private` schemas, one file per object (a table's policies, or its triggers, share
 * one): `<folder>/<schema>/<name>.sql`. Each file restates its objects idempotently (CREATE OR
 * REPLACE, DROP POLICY IF EXISTS + CREATE POLICY, REVOKE ALL + GRANT), so applying it to a
 * database the migrations made changes nothing unless the file was edited since.
 * `npm run db:migration` turns edited files into a migration; the drift test fails until it ran.
 */
export const definitionsFolder = 'definitions'

/** The folders, in the order their files are applied (a trigger needs its function), and the kind of object each declares. */
const folders = [
  { folder: 'functions', kind: 'function' },
  { folder: 'views', kind: 'view' },
  { folder: 'policies', kind: 'policy' },
  { folder: 'triggers', kind: 'trigger' },
] as const

export interface DefinitionFile {
  /** Relative to supabase/definitions, with forward slashes: `functions/private/record_submission.sql`. */
  path: string
  sql: string
}

/** The definition files under `supabaseDir`, in the order they apply: by folder, then by path. */
export async function readDefinitionFiles(supabaseDir: string): Promise<DefinitionFile[]> {
  const files: DefinitionFile[] = []
  for (const { folder } of folders) {
    const dir = join(supabaseDir, definitionsFolder, folder)
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => [])
    const schemas = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name)
    for (const schema of schemas.sort()) {
      const names = (await readdir(join(dir, schema))).filter((name) => name.endsWith('.sql')).sort()
      for (const name of names) {
        files.push({ path: `${folder}/${schema}/${name}`, sql: await readFile(join(dir, schema, name), 'utf8') })
      }
    }
  }
  return files
}

/** Whether the object named `objectName` (as `renderSchemaObjects` names it) belongs in the file at `path`. */
export function fileDeclares(path: string, objectName: string): boolean {
  const match = /^(\w+)\/(\w+)\/(\w+)\.sql$/.exec(path)
  const kind = folders.find((f) => f.folder === match?.[1])?.kind
  if (!match || !kind) return false
  const qualified = `${match[2]}.${match[3]}`
  switch (kind) {
    case 'function':
      return objectName.startsWith(`function ${qualified}(`)
    case 'view':
      return objectName === `view ${qualified}` || objectName === `materialized view ${qualified}`
    case 'policy':
    case 'trigger':
      return objectName.startsWith(`${kind} `) && objectName.endsWith(` on ${qualified}`)
  }
}

/** A file applied on top of the database as it stood. */
export interface AppliedDefinition {
  file: DefinitionFile
  /** The objects it wrote (created, or replaced by the same or another text). */
  declared: string[]
  /** The objects whose text, comment or grants it changed, or that it created. */
  changed: string[]
  /**
   * The functions it dropped first: CREATE OR REPLACE cannot change a function's result type or
   * its arguments' names.
   */
  droppedFirst: string[]
  /** The objects it replaced without restating their comment: a comment deleted from the file, so from the database. */
  commentsDropped: string[]
}

export interface DefinitionsApplied {
  /** Every file, in an order in which they apply (a file that needs another's object after it). */
  applied: AppliedDefinition[]
  /** Objects of our schemas that no file declares (a file was deleted, or never written). */
  undeclared: SchemaObject[]
}

export class DefinitionFailed extends Error {}

/** Errors of a file that needs an object a file still to come creates; it is tried again after the others. */
const waitingForAnotherFile = new Set(['42883', '42P01', '42704'])
/** CREATE OR REPLACE FUNCTION refused: the result type or an argument's name changed. */
const needsDropFirst = '42P13'

/**
 * Applies every file to `db`, each in a transaction of its own and kept, and answers what each
 * declared and changed. A file refused for an object that does not exist yet is retried after the
 * others until no more apply; one whose function cannot be replaced in place is applied after
 * dropping that function's current overloads.
 */
export async function applyDefinitions(db: SqlDatabase, files: DefinitionFile[]): Promise<DefinitionsApplied> {
  let current = await db.transaction((tx) => readObjects(tx))
  const applied: AppliedDefinition[] = []
  let waiting = [...files]
  while (waiting.length > 0) {
    const refused: Array<{ file: DefinitionFile; error: Error }> = []
    for (const file of waiting) {
      try {
        const result = await applyFile(db, file, current)
        current = result.objects
        applied.push(result.applied)
      } catch (error) {
        if (!waitingForAnotherFile.has(errorCode(error))) throw failure(file, error)
        refused.push({ file, error: error as Error })
      }
    }
    if (refused.length === waiting.length) {
      throw new DefinitionFailed(refused.map(({ file, error }) => failure(file, error).message).join('\n'))
    }
    waiting = refused.map(({ file }) => file)
  }
  const declared = new Set(applied.flatMap((a) => a.declared))
  return { applied, undeclared: [...current.values()].filter((object) => !declared.has(object.name)) }
}

async function applyFile(db: SqlDatabase, file: DefinitionFile, before: Map<string, SchemaObject>) {
  const apply = (droppedFirst: string[]) =>
    db.transaction(async (tx) => {
      for (const name of droppedFirst) await tx.exec(`drop ${name};`)
      // As a migration runs: with the default search_path.
      await tx.exec(file.sql)
      // CREATE OR REPLACE keeps a comment the file no longer states; the file says what holds.
      let objects = await readObjects(tx)
      const commentsDropped = [...objects.values()]
        .filter((object) => object.writtenNow && object.comment !== null && !object.commentWrittenNow)
        .map((object) => object.name)
      if (commentsDropped.length > 0) {
        for (const name of commentsDropped) await tx.exec(`comment on ${name} is null;`)
        objects = await readObjects(tx)
      }
      const changed = [
        ...[...objects.values()].filter((object) => before.get(object.name)?.sql !== object.sql).map((object) => object.name),
        ...[...before.keys()].filter((name) => !objects.has(name)),
      ]
      const applied: AppliedDefinition = {
        file,
        declared: [...objects.values()].filter((object) => object.writtenNow).map((object) => object.name),
        changed,
        droppedFirst,
        commentsDropped,
      }
      return { objects, applied }
    })
  try {
    return await apply([])
  } catch (error) {
    if (errorCode(error) !== needsDropFirst) throw error
    return apply([...before.keys()].filter((name) => name.startsWith('function ') && fileDeclares(file.path, name)))
  }
}

/** The objects of our schemas by name, rendered with an empty search_path as the snapshot does. */
async function readObjects(tx: SqlClient): Promise<Map<string, SchemaObject>> {
  await tx.exec(`set local search_path = ''`)
  return new Map((await renderSchemaObjects(tx)).map((object) => [object.name, object]))
}

const errorCode = (error: unknown) => String((error as { code?: unknown }).code ?? '')

function failure(file: DefinitionFile, error: unknown): DefinitionFailed {
  return new DefinitionFailed(`${where(file)} does not apply: ${(error as Error).message}`)
}

const runTheGenerator = '`npm run db:migration -- <what_changed>`'
const where = (file: DefinitionFile) => `supabase/${definitionsFolder}/${file.path}`

/**
 * What is wrong between the files and the database they were applied to, one line per problem
 * naming the file or object and what to do; none when every file restates what the database holds.
 */
export function definitionProblems(found: DefinitionsApplied): string[] {
  return [...fileProblems(found.applied), ...driftProblems(found)]
}

/** Files that differ from the database, and objects no file declares: what a generated migration resolves. */
export function driftProblems({ applied, undeclared }: DefinitionsApplied): string[] {
  return [
    ...applied
      .filter(({ changed }) => changed.length > 0)
      .map(
        ({ file, changed }) =>
          `${where(file)} differs from what the migrations made (${changed.join('; ')}): run ${runTheGenerator} to write the migration.`,
      ),
    ...undeclared.map(
      ({ name }) =>
        `${name} has no definition file: write it under supabase/${definitionsFolder}, or run ${runTheGenerator} to drop it.`,
    ),
  ]
}

/** Files that declare nothing, an object another file should hold, or one another file declares too: to fix by hand. */
export function fileProblems(applied: AppliedDefinition[]): string[] {
  const problems: string[] = []
  const declaredBy = new Map<string, string[]>()
  for (const { file, declared } of applied) {
    if (declared.length === 0) problems.push(`${where(file)} declares nothing.`)
    for (const name of declared) {
      if (!fileDeclares(file.path, name))
        problems.push(`${where(file)} declares ${name}, which belongs in a file of its own name.`)
      declaredBy.set(name, [...(declaredBy.get(name) ?? []), where(file)])
    }
  }
  for (const [name, files] of declaredBy) {
    if (files.length > 1) problems.push(`${name} is declared by ${files.length} files: ${files.join(', ')}.`)
  }
  return problems
}
