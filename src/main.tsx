import { StrictMode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { AppRouter, preloadPage } from './app/router'
import { errorMessage } from './domain/error-message'
import { loadAppConfig } from './lib/browser/env'
import { listenForHistoryMoves } from './lib/browser/history-moves'
import { initPublicApi } from './lib/api/public-api'
import { examDatabaseExists } from './lib/offline/exam-db-exists'
import './app/app.css'

async function start(root: Root) {
  preloadPage(window.location.pathname)
  try {
    initPublicApi(await loadAppConfig())
  } catch (error) {
    root.render(<StartupError error={error} />)
    return
  }
  // Whatever page the student opens, a submission still waiting on this device is sent. A device that has
  // never stored an exam has nothing to send: it loads neither the sync worker nor Dexie (the student flow
  // starts the worker once it stores something).
  void examDatabaseExists().then((stored) => {
    if (stored) void import('./lib/sync/sync-worker').then((sync) => sync.startSubmissionSync())
  })
  listenForHistoryMoves()
  root.render(
    <StrictMode>
      <AppRouter />
    </StrictMode>,
  )
}

function StartupError({ error }: { error: unknown }) {
  return (
    <main className="startup-error">
      <h1>Holdfast could not start</h1>
      <p>{errorMessage(error)}</p>
    </main>
  )
}

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element to render Holdfast into.')
void start(createRoot(container))
