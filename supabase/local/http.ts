import type { IncomingMessage, ServerResponse } from 'node:http'

export type RouteHandler = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>

/** Largest request body the stack accepts; a full 5,000-question import fits well inside. */
export const maxBodyBytes = 8 * 1024 * 1024

export class BodyTooLarge extends Error {}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = body === undefined ? '' : JSON.stringify(body)
  res.writeHead(status, {
    ...(text ? { 'Content-Type': 'application/json; charset=utf-8' } : {}),
    ...headers,
  })
  res.end(text)
}

/**
 * Reads the whole body. An oversized one is still read to its end (and dropped) before the
 * refusal, so the client sees a clean 413 instead of a connection reset mid-upload; past
 * `16 × limit` the connection is cut.
 */
export async function readBody(req: IncomingMessage, limit = maxBodyBytes): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > 16 * limit) {
      req.destroy()
      break
    }
    if (size <= limit) chunks.push(chunk as Buffer)
  }
  if (size > limit) throw new BodyTooLarge(`Request body is larger than ${limit} bytes`)
  return Buffer.concat(chunks).toString('utf8')
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
