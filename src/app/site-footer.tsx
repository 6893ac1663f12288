import { useId } from 'react'
import { Link } from 'react-router-dom'
import { contactDetails, useSiteSettings } from '../lib/api/site-settings'
import { policyLinks, primaryLinks, type SiteLink } from './site-links'

export function SiteFooter() {
  const settings = useSiteSettings()
  const contact = contactDetails(settings)
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <FooterLinks title="Quick links" links={primaryLinks} />
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact</h2>
          <address>
            {contact.organisation}
            <br />
            {contact.address}
            <br />
            <a href={`mailto:${contact.email}`}>{contact.email}</a>
            <br />
            <a href={`tel:${contact.phone.replace(/\s/g, '')}`}>{contact.phone}</a>
          </address>
        </section>
        <FooterLinks title="Policies" links={policyLinks} />
      </div>
      <p className="site-footer__legal">
        © {new Date().getFullYear()} {settings.product_name}
      </p>
    </footer>
  )
}

function FooterLinks({ title, links }: { title: string; links: SiteLink[] }) {
  const headingId = useId()
  return (
    <nav aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
