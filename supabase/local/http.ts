import type { IncomingMessage, ServerResponse } from 'node:http'

export type RouteHandler = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>

/** Largest request body the stack accepts from the service role (an operator's scripts). */
export const maxBodyBytes = 8 * 1024 * 1024

export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`Request body is larger than ${limit} bytes`)
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = body === undefined ? '' : JSON.stringify(body)
  res.writeHead(status, {
    ...(text ? { 'Content-Type': 'application/json; charset=utf-8' } : {}),
    ...headers,
  })
  res.end(text)
}

/**
 * Reads the whole body, as long as it is at most `limit` bytes. A larger one is refused before
 * it is read (by its Content-Length) or as soon as the bytes received pass the limit (a chunked
 * one): nothing more of it is kept, so the caller answers at once while the rest arrives. The
 * rest is still read and dropped, so the client sees a clean 413 instead of a connection reset
 * mid-upload; past `16 × limit` the connection is cut.
 */
export function readBody(req: IncomingMessage, limit = maxBodyBytes): Promise<string> {
  const declared = Number(req.headers['content-length'])
  if (declared > limit) {
    discardBody(req, limit)
    return Promise.reject(new BodyTooLarge(limit))
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const stop = () => {
      req.off('data', onData)
      req.off('end', onEnd)
      req.off('error', onError)
      req.off('close', onClose)
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size <= limit) {
        chunks.push(chunk)
        return
      }
      stop()
      chunks.length = 0
      discardBody(req, limit, size)
      reject(new BodyTooLarge(limit))
    }
    const onEnd = () => {
      stop()
      resolve(Buffer.concat(chunks).toString('utf8'))
    }
    const onError = (error: Error) => {
      stop()
      reject(error)
    }
    const onClose = () => {
      stop()
      reject(new Error('The client closed the request before its body ended'))
    }
    req.on('data', onData)
    req.on('end', onEnd)
    req.on('error', onError)
    req.on('close', onClose)
  })
}

/**
 * Reads the rest of a refused body without keeping it (dropping bytes costs next to nothing;
 * parsing them was the cost), cutting the connection past `16 × limit`.
 */
function discardBody(req: IncomingMessage, limit: number, alreadyRead = 0): void {
  const cap = 16 * limit
  let read = alreadyRead
  req.on('data', (chunk: Buffer) => {
    read += chunk.length
    if (read > cap) req.destroy()
  })
  req.on('error', () => {})
  req.resume()
}

export function bearerToken(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null
  return match?.[1]
}

export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD, POST, PATCH, PUT, DELETE, OPTIONS',
  // x-holdfast-client: the student app's browser id, which the code-guessing limit counts by.
  'Access-Control-Allow-Headers':
    'apikey, authorization, x-client-info, content-type, accept, accept-profile, content-profile, prefer, range, x-retry-count, x-supabase-api-version, x-holdfast-client',
  'Access-Control-Expose-Headers': 'Content-Range, X-Supabase-Api-Version',
  'Access-Control-Max-Age': '86400',
}

/**
 * Sent with every answer, app files and API alike. The built app has no inline script or
 * style and talks only to the origin it was loaded from (which /config.json names), over
 * HTTP and Realtime's websocket; the camera preview plays a MediaStream, which no policy
 * governs. The websocket's origin is named as well as 'self', which older browsers do not
 * stretch to ws: and wss:.
 */
export function securityHeaders({ protocol, host }: { protocol: 'http' | 'https'; host: string }): Record<string, string> {
  const websocketOrigin = `${protocol === 'https' ? 'wss' : 'ws'}://${host}`
  return {
    'Content-Security-Policy': [
      "default-src 'self'",
      // The Proctor Room's QR reader is WebAssembly, served from this origin; nothing else is evaluated.
      "script-src 'self' 'wasm-unsafe-eval'",
      `connect-src 'self' ${websocketOrigin}`,
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; '),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  }
}
