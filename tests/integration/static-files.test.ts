import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStaticFiles } from '../../supabase/local/static-files.ts'

let root: string
let server: Server
let port: number
const script = `console.log(${JSON.stringify('exam '.repeat(2000))})`

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'holdfast-static-'))
  await mkdir(join(root, 'assets'))
  await writeFile(join(root, 'index.html'), '<!doctype html><title>Holdfast</title>')
  await writeFile(join(root, 'assets', 'index-abc123.js'), script)
  await writeFile(join(root, 'icon.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]))
  const serveStatic = createStaticFiles(root)
  server = createServer((req, res) => void serveStatic(req, new URL(req.url ?? '/', 'http://x').pathname, res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await rm(root, { recursive: true, force: true })
})

/** Raw HTTP, so neither the path nor the encoding is normalised on the way. */
function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('the built app as served by the local stack', () => {
  it('sends scripts gzip-compressed to browsers that accept it, and as they are to those that do not', async () => {
    const compressed = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' })
    expect(compressed.headers['content-encoding']).toBe('gzip')
    expect(compressed.headers.vary).toBe('Accept-Encoding')
    expect(compressed.body.length).toBeLessThan(script.length / 10)
    expect(gunzipSync(compressed.body).toString()).toBe(script)
    expect(compressed.headers['cache-control']).toContain('immutable')

    const plain = await get('/assets/index-abc123.js')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe(script)
  })

  it('leaves images alone', async () => {
    const image = await get('/icon.png', { 'accept-encoding': 'gzip' })
    expect(image.headers['content-encoding']).toBeUndefined()
    expect([...image.body]).toEqual([0x89, 0x50, 0x4e, 0x47])
  })

  it('answers client-side routes, paths climbing out of the folder and malformed escapes with the app page', async () => {
    for (const path of ['/student/test', '/../../../etc/passwd', '/%E0%A4%A', '/assets/..%2f..%2f..%2fetc%2fpasswd']) {
      const page = await get(path)
      expect(page.status, path).toBe(200)
      expect(page.body.toString(), path).toBe('<!doctype html><title>Holdfast</title>')
      expect(page.headers['cache-control'], path).toBe('no-cache')
    }
  })

  it('answers HEAD with the headers and no body', async () => {
    const head = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' }, 'HEAD')
    expect(head.status).toBe(200)
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0)
    expect(head.body.length).toBe(0)
  })
})
