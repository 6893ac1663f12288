import { randomInt } from 'node:crypto'
import bcrypt from 'bcryptjs'
import type { SqlDatabase } from '../db.ts'

/** Administrator settings that cannot work (bad e-mail, short password, half given): the operator must fix them. */
export class AdminConfigError extends Error {}

export interface AdminCredentials {
  email: string
  password: string
}

/** GoTrue's cost factor: about 70 ms per hash, slow enough to make guessing expensive. */
export const bcryptCost = 10
/** GoTrue's default minimum password length. */
export const minPasswordLength = 6
export const generatedAdminEmail = 'admin@holdfast.local'

/** GoTrue stores and looks up e-mail addresses lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

/**
 * Creates a confirmed e-mail/password user, or sets the password of the user who already has
 * this e-mail. Changing a password signs that user out everywhere; giving the current password
 * again changes nothing, so starting the server with the same credentials keeps sessions alive.
 */
export async function createUser(db: SqlDatabase, email: string, password: string): Promise<string> {
  const normalized = normalizeEmail(email)
  if (!/^[^\s@]+@[^\s@]+$/.test(normalized)) throw new AdminConfigError(`"${email}" is not an e-mail address.`)
  if (password.length < minPasswordLength) {
    throw new AdminConfigError(`The password for ${normalized} must be at least ${minPasswordLength} characters long.`)
  }

  const { rows } = await db.query<{ id: string; encrypted_password: string | null }>(
    'select id, encrypted_password from auth.users where lower(email) = $1',
    [normalized],
  )
  const existing = rows[0]
  if (existing?.encrypted_password && (await bcrypt.compare(password, existing.encrypted_password))) return existing.id

  const hash = await bcrypt.hash(password, bcryptCost)
  if (existing) {
    await db.transaction(async (tx) => {
      await tx.query(
        `update auth.users
            set encrypted_password = $2, email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
          where id = $1`,
        [existing.id, hash],
      )
      await tx.query('delete from auth.sessions where user_id = $1', [existing.id])
    })
    return existing.id
  }
  const inserted = await db.query<{ id: string }>(
    `insert into auth.users (instance_id, email, encrypted_password, email_confirmed_at)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, now())
     returning id`,
    [normalized, hash],
  )
  const id = inserted.rows[0]?.id
  if (!id) throw new Error(`Creating the user ${normalized} returned no id.`)
  return id
}

/** Creates (or resets the password of) the account and makes it an administrator. */
export async function addAdmin(db: SqlDatabase, email: string, password: string): Promise<string> {
  const userId = await createUser(db, email, password)
  await db.query('insert into public.admin_users (user_id, email) values ($1, $2) on conflict (user_id) do nothing', [
    userId,
    normalizeEmail(email),
  ])
  return userId
}

/**
 * Makes sure the platform has an administrator and returns the e-mail to show the operator.
 * Given credentials are applied on every start; without them a first administrator is created
 * once, with a generated password that is logged here and never stored in clear.
 */
export async function ensureFirstAdmin(
  db: SqlDatabase,
  admin: Partial<AdminCredentials>,
  log: (line: string) => void,
): Promise<string | undefined> {
  const email = admin.email?.trim() || undefined
  const password = admin.password || undefined
  if (email && password) {
    await addAdmin(db, email, password)
    return normalizeEmail(email)
  }
  if (email)
    throw new AdminConfigError(
      `An administrator e-mail (${email}) was given without a password: give both, or neither to have one generated.`,
    )
  if (password)
    throw new AdminConfigError(
      'An administrator password was given without an e-mail: give both, or neither to have one generated.',
    )

  const { rows } = await db.query<{ email: string }>('select email from public.admin_users order by created_at, email limit 1')
  if (rows[0]) return rows[0].email

  const generatedPassword = generatePassword()
  await addAdmin(db, generatedAdminEmail, generatedPassword)
  log(
    `First administrator created: ${generatedAdminEmail} with password ${generatedPassword} ` +
      '(shown only once: note it now; set another with `npm run admin -- add <email> --password <password>`).',
  )
  return generatedAdminEmail
}

const passwordAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** 16 letters and digits (about 95 bits): nothing a shell or a command-line flag parser would mangle. */
export function generatePassword(length = 16): string {
  return Array.from({ length }, () => passwordAlphabet[randomInt(passwordAlphabet.length)]).join('')
}
