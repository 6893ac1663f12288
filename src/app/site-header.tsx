import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { Link, NavLink } from 'react-router-dom'
import { primaryLinks } from './site-links'
import { useSiteSettings } from '../lib/api/site-settings'

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false)
  const navId = useId()
  const menuToggle = useRef<HTMLButtonElement>(null)
  const { product_name: productName } = useSiteSettings()
  // The tab's title names the product as the header does (index.html says Holdfast until the settings are known).
  useEffect(() => {
    document.title = productName
  }, [productName])

  function closeMenuOnEscape(event: KeyboardEvent) {
    if (event.key !== 'Escape' || !menuOpen) return
    setMenuOpen(false)
    menuToggle.current?.focus()
  }

  return (
    <header className="site-header" onKeyDown={closeMenuOnEscape}>
      <div className="site-header__inner">
        <Link to="/" className="brand">
          {productName}
        </Link>
        <button
          ref={menuToggle}
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={navId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          Menu
        </button>
        <nav id={navId} className="site-nav" aria-label="Main" data-open={menuOpen}>
          <ul>
            {primaryLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} onClick={() => setMenuOpen(false)}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  )
}
