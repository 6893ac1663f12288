import { cleanup } from '@testing-library/react'
// Browsers Holdfast runs in have IndexedDB (the browser-support gate insists on it); jsdom has none.
import 'fake-indexeddb/auto'
import { afterEach } from 'vitest'

afterEach(() => {
  cleanup()
  localStorage.clear()
})

// jsdom does no layout, so the router's scroll restoration has nothing to scroll.
window.scrollTo = () => {}
