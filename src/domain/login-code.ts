/** Spec §5: codes are matched trimmed and upper-case, as SQL `public.normalize_login_code` does. */
export function normalizeLoginCode(code: string): string {
  return code.trim().toUpperCase()
}

/** Spec §9: shorter input is not worth asking the server about. */
export const minimumLoginCodeLength = 4

/** Spec §9: a full name has at least this many characters. */
export const minimumStudentNameLength = 2
