// `npm run dev`: the local stack as API on HOLDFAST_API_PORT (default 54321) and Vite's dev
// server with hot reload in front of it (it proxies /rest, /auth, /realtime and /config.json).
import { spawn } from 'node:child_process'
import { serveFromEnvironment } from '../supabase/local/main.ts'

const apiPort = Number(process.env.HOLDFAST_API_PORT ?? 54321)
// Vite's proxy reaches the API from this machine, forwarding the browser's address, host and scheme.
process.env.HOLDFAST_TRUSTED_PROXIES = [process.env.HOLDFAST_TRUSTED_PROXIES, '127.0.0.1', '::1'].filter(Boolean).join(',')
const stack = await serveFromEnvironment({ port: apiPort })
const vite = spawn('npx', ['vite', '--port', process.env.PORT ?? '5173', '--strictPort'], {
  stdio: 'inherit',
  env: { ...process.env, HOLDFAST_API_URL: stack.url },
})
vite.on('exit', (code) => process.exit(code ?? 0))
