// `npm start`: build the app when the sources are newer than dist/, then serve app + API on one port.
import { serveFromEnvironment } from '../supabase/local/main.ts'
import { buildIfStale, distDir } from './build-if-stale.ts'

try {
  buildIfStale()
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}
await serveFromEnvironment({ port: Number(process.env.PORT ?? 5173), staticDir: distDir })
