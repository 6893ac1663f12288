/** An ISO time in the interface's language and the reader's time zone, e.g. "21 Nov 2026, 09:25". */
export { formatDateTime } from '../../lib/browser/interface-locale'
