import type { ReactNode } from 'react'
import { contactDetails, useSiteSettings } from '../../lib/api/site-settings'
import './policies.css'

/** The frame every policy page shares: title, date of the text, the sections, and whom to ask. */
export function PolicyPage({ title, lastUpdated, children }: { title: string; lastUpdated: string; children: ReactNode }) {
  const settings = useSiteSettings()
  const contact = contactDetails(settings)
  return (
    <article className="policy-page">
      <h1>{title}</h1>
      <p className="policy-page__updated">Last updated {lastUpdated}</p>
      {children}
      <section aria-labelledby="policy-contact-heading">
        <h2 id="policy-contact-heading">Questions</h2>
        <p>
          {settings.product_name} is run for your exam by {contact.organisation}. Write to{' '}
          <a href={`mailto:${contact.email}`}>{contact.email}</a> or call {contact.phone} with any question about this page.
        </p>
      </section>
    </article>
  )
}
