import { NavLink } from 'react-router-dom'
import { useMenuButton } from '../../../lib/browser/use-menu-button'
import { useExamLink } from './exam-choice'
import './admin-menu.css'

/** Every admin screen, in the order a school's exam day runs through them (docs/product.md#who-uses-it). */
export const adminScreens = [
  { to: '/admin', label: 'Dashboard' },
  { to: '/admin/exams', label: 'Exams' },
  { to: '/admin/questions', label: 'Questions' },
  { to: '/admin/codes', label: 'Login Codes' },
  { to: '/admin/schedule', label: 'Exam Schedule' },
  { to: '/admin/live', label: 'Proctor Room' },
  { to: '/admin/results', label: 'Test Results' },
  { to: '/admin/items', label: 'Item Analysis' },
  { to: '/admin/activity', label: 'Activity' },
  { to: '/admin/settings', label: 'Settings' },
] as const

/**
 * The admin menu on every signed-in admin screen: a side column on a desktop; below 64rem a
 * "Menu" button opens the list (choosing a screen or Escape closes it). The links keep the exam picked.
 */
export function AdminMenu() {
  const { open, listId, close, closeOnEscape, buttonProps } = useMenuButton()
  const examLink = useExamLink()

  return (
    <nav className="admin-menu" aria-label="Admin menu" onKeyDown={closeOnEscape}>
      <button {...buttonProps} className="admin-button admin-menu__toggle">
        Menu
      </button>
      <ul id={listId} className="admin-menu__list" data-open={open}>
        {adminScreens.map((screen) => (
          <li key={screen.to}>
            {/* `end`: the dashboard is current on /admin only, not on every screen below it. */}
            <NavLink to={examLink(screen.to)} end onClick={close} className="admin-menu__link">
              {screen.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
