export type SiteLink = {
  to: string
  label: string
}

export const primaryLinks: SiteLink[] = [
  { to: '/', label: 'Home' },
  { to: '/student', label: 'Student Portal' },
  { to: '/solutions', label: 'View Results' },
  { to: '/admin', label: 'Admin Panel' },
]

export const policyLinks: SiteLink[] = [
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/cookies', label: 'Cookie Policy' },
  { to: '/accessibility', label: 'Accessibility' },
]
