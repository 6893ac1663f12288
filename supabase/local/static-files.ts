import { readFile, stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { extname, join, normalize } from 'node:path'
import { gzip } from 'node:zlib'
import { promisify } from 'node:util'

const gzipAsync = promisify(gzip)

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.woff2': 'font/woff2',
}

/** Text worth compressing; images and fonts already are. */
const compressible = new Set(['.html', '.js', '.css', '.json', '.webmanifest', '.svg', '.txt', '.csv'])

interface CachedFile {
  mtimeMs: number
  body: Buffer
  gzipped?: Buffer
}

/**
 * Serves the built app with SPA fallback. Text files go out gzip-compressed to clients that accept it (a class on
 * a slow room network loads the exam a few times faster); each file is compressed once and kept until it changes.
 */
export function createStaticFiles(root: string) {
  const cache = new Map<string, CachedFile>()

  async function load(file: string, mtimeMs: number, wantsGzip: boolean): Promise<CachedFile> {
    let cached = cache.get(file)
    if (!cached || cached.mtimeMs !== mtimeMs) {
      cached = { mtimeMs, body: await readFile(file) }
      cache.set(file, cached)
    }
    if (wantsGzip && !cached.gzipped) cached.gzipped = await gzipAsync(cached.body, { level: 9 })
    return cached
  }

  return async function serveStatic(req: IncomingMessage, pathname: string, res: ServerResponse): Promise<void> {
    let relative: string
    try {
      relative = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '')
    } catch {
      relative = '/'
    }
    let file = join(root, relative)
    let info = await stat(file).catch(() => undefined)
    // Paths without a file are client-side routes: the SPA decides (and redirects unknown ones).
    if (!info?.isFile()) {
      file = join(root, 'index.html')
      info = await stat(file)
    }
    const extension = extname(file)
    const wantsGzip = compressible.has(extension) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))
    const { body, gzipped } = await load(file, info.mtimeMs, wantsGzip)
    const sent = wantsGzip && gzipped ? gzipped : body
    res.writeHead(200, {
      'Content-Type': contentTypes[extension] ?? 'application/octet-stream',
      'Cache-Control': file.startsWith(`${join(root, 'assets')}/`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      'Content-Length': sent.length,
      ...(compressible.has(extension) ? { Vary: 'Accept-Encoding' } : {}),
      ...(sent === gzipped ? { 'Content-Encoding': 'gzip' } : {}),
    })
    res.end(req.method === 'HEAD' ? undefined : sent)
  }
}
