import { randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Handlers } from '../../shared/ipc/contract'
import type { DispatchLog } from '../ipc/dispatch'
import type { EventBus } from '../ipc/event-bus'
import { WebRoutes } from './web-routes'
import { PLAIN, send } from './web-send'

interface WebHostApp {
  readonly handlers: Handlers
  readonly events: EventBus
  media(path: string): Promise<{ contentType: string; body: Uint8Array } | null>
}

interface WebHostOptions {
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

/**
 * The browser host: the same app services and contract as Electron's IPC, as `POST /rpc/<channel>`
 * plus server-sent events, on 127.0.0.1 only, behind a per-run token and a Host/Origin check.
 */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const token = options.token ?? randomBytes(24).toString('base64url')
  const routes = new WebRoutes(options.app, options.staticDir, token, options.log)
  const unsubscribe = options.app.events.subscribe((name, payload) => {
    routes.streams.broadcast(name, payload)
  })
  const server = createServer((req, res) => {
    routes.route(req, res).catch((e: unknown) => {
      options.log?.error('browser host request failed', e)
      if (!res.headersSent) send(res, 500, PLAIN, 'Internal Server Error')
      else res.end()
    })
  })
  keepConnectionsThroughStalls(server)
  const port = await listenOnLoopback(server, options.port ?? 0)
  routes.listeningOn(port)
  const origin = `http://127.0.0.1:${port}`
  return {
    url: `${origin}/?token=${token}`,
    origin,
    port,
    token,
    close: async () => {
      unsubscribe()
      routes.streams.closeAll()
      server.closeAllConnections()
      await new Promise<void>((resolve) =>
        server.close(() => {
          resolve()
        })
      )
    }
  }
}

/**
 * How long the host keeps an idle connection: longer than browsers do (Chromium 5 minutes,
 * Firefox 115 s), so the browser is the one that closes it. Under Node's 5 s default, a host that
 * stalled longer (a long import, a machine under load) woke to its timer and closed the connection
 * the browser had just sent its next call on, and that call was lost. The client still sends a
 * read once more if a connection drops (lib/api.ts).
 */
const KEEP_ALIVE_MS = 10 * 60 * 1000

function keepConnectionsThroughStalls(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_MS
}

/** Loopback only: the app's data is never offered to the network. Resolves with the port. */
async function listenOnLoopback(server: Server, port: number): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      resolve()
    })
  })
  return (server.address() as AddressInfo).port
}
