import { useEffect } from 'react'
import { Link, NavLink } from 'react-router-dom'
import { primaryLinks } from './site-links'
import { useSiteSettings } from '../lib/api/site-settings'
import { useMenuButton } from '../lib/browser/use-menu-button'

export function SiteHeader() {
  const menu = useMenuButton()
  const { product_name: productName } = useSiteSettings()
  // The tab's title names the product as the header does (index.html says Holdfast until the settings are known).
  useEffect(() => {
    document.title = productName
  }, [productName])

  return (
    <header className="site-header" onKeyDown={menu.closeOnEscape}>
      <div className="site-header__inner">
        <Link to="/" className="brand">
          {productName}
        </Link>
        <button {...menu.buttonProps} className="menu-toggle">
          Menu
        </button>
        <nav id={menu.listId} className="site-nav" aria-label="Main" data-open={menu.open}>
          <ul>
            {primaryLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} onClick={menu.close}>
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
