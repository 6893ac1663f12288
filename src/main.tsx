import { StrictMode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { RouterProvider } from 'react-router-dom'
import { createAppRouter } from './app/router'
import { errorMessage } from './domain/error-message'
import { loadAppConfig } from './lib/browser/env'
import { initPublicApi } from './lib/api/public-api'
import { startSubmissionSync } from './lib/sync/sync-worker'
import './app/app.css'

async function start(root: Root) {
  try {
    initPublicApi(await loadAppConfig())
  } catch (error) {
    root.render(<StartupError error={error} />)
    return
  }
  // Whatever page the student opens, a submission still waiting on this device is sent.
  startSubmissionSync()
  root.render(
    <StrictMode>
      <RouterProvider router={createAppRouter()} />
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
