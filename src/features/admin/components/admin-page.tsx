import type { ReactNode } from 'react'
import { FlashMessages } from './flash-messages'
import { LiveIndicator } from './live-indicator'
import type { FlashMessages as Messages } from './use-flash-messages'
import type { LiveState } from './use-live-admin-data'

interface AdminPageProps {
  title: string
  /** Shown beside the title, e.g. the total count. */
  subtitle?: ReactNode
  actions?: ReactNode
  /** The exam picker (useExamChoice), under the title; null when there is one exam. */
  picker?: ReactNode
  messages: Messages
  /** A screen that updates by itself says whether it is connected. */
  live?: LiveState
  className?: string
  children: ReactNode
}

export function AdminPage({ title, subtitle, actions, picker, messages, live, className, children }: AdminPageProps) {
  return (
    <div className={['admin-page', className].filter(Boolean).join(' ')}>
      <header className="admin-page__header">
        <div>
          <h1>{title}</h1>
          {subtitle && <p className="admin-page__subtitle">{subtitle}</p>}
          {live && <LiveIndicator state={live} />}
        </div>
        {actions && <div className="admin-page__actions">{actions}</div>}
      </header>
      {picker}
      <FlashMessages error={messages.error} success={messages.success} />
      {children}
    </div>
  )
}
