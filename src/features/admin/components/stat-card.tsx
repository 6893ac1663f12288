import type { ReactNode } from 'react'
import './stat-card.css'

/** One figure on a row of cards; a dash until the figure has loaded. */
export function StatCard({ label, value, tone }: { label: string; value: string | number | undefined; tone?: 'good' | 'warn' }) {
  return (
    <li className={tone ? `admin-stat admin-stat--${tone}` : 'admin-stat'}>
      <span className="admin-stat__label">{label}</span>
      <span className="admin-stat__value">{value ?? '—'}</span>
    </li>
  )
}

export function StatCards({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className="admin-stats" aria-label={label}>
      {children}
    </ul>
  )
}
