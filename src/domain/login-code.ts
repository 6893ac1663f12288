/** Codes are matched trimmed and upper-case, as SQL `public.normalize_login_code` does. */
export function normalizeLoginCode(code: string): string {
  return code.trim().toUpperCase()
}

/** docs/product.md#login-codes: shorter input is not worth asking the server about. */
export const minimumLoginCodeLength = 4

/** A full name has at least this many characters. */
export const minimumStudentNameLength = 2
