import { randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { buildCsp, CSP_HEADER_NAME, MEDIA_CSP, MEDIA_MAX_AGE_S } from '../../shared/csp'
import { EVENT_NAMES } from '../../shared/ipc/contract'
import type { Handlers } from '../../shared/ipc/contract'
import { AppError } from '../../shared/errors'
import { fail } from '../../shared/ipc/result'
import type { Result } from '../../shared/ipc/result'
import { dispatch } from '../ipc/dispatch'
import type { DispatchLog } from '../ipc/dispatch'
import type { EventBus } from '../ipc/event-bus'
import { MediaGate, mediaEtag, notModified } from './media-response'
import { readStatic } from './static-files'
import { checkRequest, tokenCookieName } from './web-guard'

export interface WebHostApp {
  readonly handlers: Handlers
  readonly events: EventBus
  media(path: string): Promise<{ contentType: string; body: Uint8Array } | null>
}

export interface WebHostOptions {
  readonly app: WebHostApp
  /** The built renderer (out/renderer). */
  readonly staticDir: string
  /** 0 or absent: a random free port. */
  readonly port?: number
  /** Absent: a random per-run token. */
  readonly token?: string
  readonly log?: DispatchLog
}

export interface WebHost {
  /** The URL to open: carries the token once; the host then keeps it in an HttpOnly cookie. */
  readonly url: string
  readonly origin: string
  readonly port: number
  readonly token: string
  close(): Promise<void>
}

const RPC_BODY_LIMIT = 25 * 1024 * 1024
const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin'
} as const

function send(res: ServerResponse, status: number, type: string, body: string | Uint8Array): void {
  res.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': type, 'Cache-Control': 'no-store' })
  res.end(body)
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        resolve(null)
        req.destroy()
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => {
      resolve(Buffer.concat(chunks))
    })
    req.on('error', reject)
  })
}

/**
 * The browser host: the same app services and contract as Electron's IPC, as `POST /rpc/<channel>`
 * plus server-sent events, on 127.0.0.1 only, behind a per-run token and a Host/Origin check.
 */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const token = options.token ?? randomBytes(24).toString('base64url')
  const csp = buildCsp()
  const streams = new Set<ServerResponse>()
  const gate = new MediaGate()
  let port = 0

  const unsubscribe = options.app.events.subscribe((name, payload) => {
    const frame = `event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`
    for (const res of streams) res.write(frame)
  })

  async function rpc(req: IncomingMessage, res: ServerResponse, channel: string): Promise<void> {
    if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
      send(res, 415, 'text/plain; charset=utf-8', 'application/json required')
      return
    }
    const body = await readBody(req, RPC_BODY_LIMIT)
    if (body === null) {
      send(res, 413, 'text/plain; charset=utf-8', 'request too large')
      return
    }
    let result: Result<unknown>
    gate.rpcStarted()
    try {
      const input: unknown = body.length === 0 ? {} : JSON.parse(body.toString('utf8'))
      result = await dispatch(options.app.handlers, channel, input, options.log)
    } catch {
      result = fail(new AppError('invalid_input', 'The request body is not JSON.').toJSON())
    } finally {
      gate.rpcEnded()
    }
    send(res, 200, 'application/json; charset=utf-8', JSON.stringify(result))
  }

  async function media(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    await gate.turn()
    const file = await options.app.media(path)
    if (file === null) {
      send(res, 404, 'text/plain; charset=utf-8', 'Not Found')
      return
    }
    const etag = mediaEtag(file.body)
    const headers = {
      ...SECURITY_HEADERS,
      'Cache-Control': `private, max-age=${String(MEDIA_MAX_AGE_S)}`,
      ETag: etag,
      [CSP_HEADER_NAME]: MEDIA_CSP
    }
    if (notModified(req, etag)) {
      res.writeHead(304, headers)
      res.end()
      return
    }
    res.writeHead(200, { ...headers, 'Content-Type': file.contentType })
    res.end(req.method === 'HEAD' ? undefined : file.body)
  }

  function events(res: ServerResponse): void {
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive'
    })
    res.write(`: connected ${EVENT_NAMES.join(' ')}\n\n`)
    streams.add(res)
    res.on('close', () => streams.delete(res))
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const queryToken = url.searchParams.get('token')
    const verdict = checkRequest(req, port, token, queryToken)
    if (!verdict.ok) {
      send(
        res,
        verdict.status,
        'text/plain; charset=utf-8',
        verdict.status === 401 ? 'Unauthorized' : 'Forbidden'
      )
      return
    }
    if (queryToken !== null) {
      // Move the token out of the address bar and history into a cookie scripts cannot read.
      res.writeHead(302, {
        ...SECURITY_HEADERS,
        'Set-Cookie': `${tokenCookieName(port)}=${token}; HttpOnly; SameSite=Strict; Path=/`,
        Location: url.pathname
      })
      res.end()
      return
    }
    if (req.method === 'POST' && url.pathname.startsWith('/rpc/')) {
      await rpc(req, res, decodeURIComponent(url.pathname.slice('/rpc/'.length)))
      return
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(res, 405, 'text/plain; charset=utf-8', 'Method Not Allowed')
      return
    }
    if (url.pathname === '/events') {
      events(res)
      return
    }
    if (url.pathname.startsWith('/media/')) {
      await media(req, res, url.pathname.slice(1))
      return
    }
    const file = await readStatic(options.staticDir, url.pathname)
    if (file === null) {
      send(res, 404, 'text/plain; charset=utf-8', 'Not Found')
      return
    }
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      'Content-Type': file.contentType,
      'Cache-Control': 'no-store',
      [CSP_HEADER_NAME]: csp
    })
    res.end(req.method === 'HEAD' ? undefined : file.body)
  }

  const server = createServer((req, res) => {
    route(req, res).catch((e: unknown) => {
      options.log?.error('browser host request failed', e)
      if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', 'Internal Server Error')
      else res.end()
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    // Loopback only: the app's data is never offered to the network.
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      resolve()
    })
  })
  port = (server.address() as AddressInfo).port
  const origin = `http://127.0.0.1:${port}`
  return {
    url: `${origin}/?token=${token}`,
    origin,
    port,
    token,
    close: async () => {
      unsubscribe()
      for (const res of streams) res.end()
      streams.clear()
      server.closeAllConnections()
      await new Promise<void>((resolve) =>
        server.close(() => {
          resolve()
        })
      )
    }
  }
}
