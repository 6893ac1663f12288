/** The shortest admin password the form accepts (docs/product.md#who-uses-it). */
const minAdminPasswordLength = 6

/** The admin login form's checks: both fields filled, then the e-mail, then the password; null when the form may be sent. */
export function adminLoginError(email: string, password: string): string | null {
  if (email.trim() === '' || password === '') return 'Please fill in all fields'
  if (!email.includes('@')) return 'Please enter a valid email address'
  if (password.length < minAdminPasswordLength) return `Password must be at least ${minAdminPasswordLength} characters`
  return null
}
