import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import type { ReferenceService } from './index'
import { TRANSPORT } from './index'

/** Mounts a service's `handle` on node:http; drop and truncate faults act on the socket here. */
export function listen(
  service: ReferenceService,
  options: { port?: number; host?: string } = {}
): Promise<{ url: string; close(): Promise<void> }> {
  const host = options.host ?? '127.0.0.1'
  const routed = TRANSPORT.get(service)
  const server = createServer((req, res) => {
    serve(service, routed, req, res).catch(() => {
      if (!res.headersSent)
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Internal error.')
      else res.destroy()
    })
  })
  server.keepAliveTimeout = 5000
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => {
      const { port } = server.address() as AddressInfo
      const shown = host.includes(':') ? `[${host}]` : host
      resolve({
        url: `http://${shown}:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections()
            server.close(() => {
              done()
            })
          })
      })
    })
  })
}

async function serve(
  service: ReferenceService,
  routed:
    | ((r: Request) => Promise<{
        response: Response
        transport?: { type: 'drop' } | { type: 'truncate'; bytes: number | null }
      }>)
    | undefined,
  req: IncomingMessage,
  res: ServerResponse
): Promise<void> {
  const url = `http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`
  const headers = new Headers()
  for (const [k, v] of Object.entries(req.headers)) {
    if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : v)
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
  const request = new Request(url, {
    method: req.method ?? 'GET',
    headers,
    body: hasBody ? Readable.toWeb(req) : null,
    duplex: 'half'
  })
  const { response, transport } = routed
    ? await routed(request)
    : { response: await service.handle(request) }
  if (transport?.type === 'drop') {
    req.socket.destroy()
    return
  }
  const body = Buffer.from(await response.arrayBuffer())
  const out: Record<string, string> = {}
  response.headers.forEach((v, k) => (out[k] = v))
  out['content-length'] = String(body.length)
  // An answer given before the request body was read (413, 415): the socket cannot be reused.
  if (!req.complete) out['connection'] = 'close'
  res.writeHead(response.status, out)
  if (transport?.type === 'truncate') {
    const keep = Math.min(body.length, transport.bytes ?? Math.floor(body.length / 2))
    res.write(body.subarray(0, keep), () => res.destroy())
    return
  }
  res.end(body)
}
