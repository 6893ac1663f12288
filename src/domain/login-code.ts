/** Codes are matched trimmed and upper-case, as SQL `public.normalize_login_code` does. */
export function normalizeLoginCode(code: string): string {
  return code.trim().toUpperCase()
}

/**
 * What a typed code is looked up by (docs/product.md#login-codes): trimmed, upper-cased, and the look-alikes
 * read as the digits new codes use (O→0, I→1, L→1), as SQL `private.login_code_key` does on both sides. A code
 * printed with O, I or L (one made before codes left them out) is still found however it is typed.
 */
export function loginCodeKey(code: string): string {
  return normalizeLoginCode(code).replace(/O/g, '0').replace(/[IL]/g, '1')
}

/** docs/product.md#login-codes: shorter input is not worth asking the server about. */
export const minimumLoginCodeLength = 4

/** A full name has at least this many characters. */
export const minimumStudentNameLength = 2
