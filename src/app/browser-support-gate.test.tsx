import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BrowserSupportGate } from './browser-support-gate'

const firefox64 = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:64.0) Gecko/20100101 Firefox/64.0'

function renderGate() {
  render(
    <BrowserSupportGate>
      <h1>The page</h1>
    </BrowserSupportGate>,
  )
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('BrowserSupportGate', () => {
  it('shows the page in a browser that has what the exam needs', () => {
    renderGate()
    expect(screen.getByRole('heading', { level: 1, name: 'The page' })).toBeDefined()
  })

  it('lists the minimum versions instead of the page in a browser that is too old', () => {
    vi.stubGlobal('navigator', { ...navigator, userAgent: firefox64 })

    renderGate()

    expect(screen.getByRole('heading', { level: 1, name: 'Browser Not Supported' })).toBeDefined()
    expect(screen.queryByRole('heading', { name: 'The page' })).toBeNull()
    expect(screen.getByText('This browser is Firefox 64.')).toBeDefined()
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Chrome 70',
      'Firefox 65',
      'Safari 12',
      'Edge 79',
    ])
  })

  it('refuses a browser without IndexedDB', () => {
    vi.stubGlobal('indexedDB', undefined)

    renderGate()

    expect(screen.getByRole('heading', { level: 1, name: 'Browser Not Supported' })).toBeDefined()
    expect(screen.getByText(/IndexedDB is unavailable/)).toBeDefined()
  })
})
