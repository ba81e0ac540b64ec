import type { IncomingMessage, ServerResponse } from 'node:http'
import { buildCsp, CSP_HEADER_NAME, MEDIA_CSP, MEDIA_MAX_AGE_S } from '../../shared/csp'
import type { Handlers } from '../../shared/ipc/contract'
import { AppError } from '../../shared/errors'
import { fail } from '../../shared/ipc/result'
import type { Result } from '../../shared/ipc/result'
import { dispatch } from '../ipc/dispatch'
import type { DispatchLog } from '../ipc/dispatch'
import { MediaGate, mediaEtag, notModified } from './media-response'
import { readStatic } from './static-files'
import { checkRequest, tokenCookieName } from './web-guard'
import { EventStreams, PLAIN, readBody, readParts, SECURITY_HEADERS, send } from './web-send'
import { fromBytesCall } from '../../shared/ipc/file-bytes'
import { BYTES_HEADER, BYTES_TYPE } from '../../shared/ipc/file-wire'

const RPC_BODY_LIMIT = 25 * 1024 * 1024

/** A request body read: the call's input, or why there is none. */
type Read = { readonly input: unknown } | { readonly refused: string } | null

/** The channel a path names; one that does not decode names no channel, and dispatch says so. */
function channelName(encoded: string): string {
  try {
    return decodeURIComponent(encoded)
  } catch {
    return encoded
  }
}

interface RoutesApp {
  readonly handlers: Handlers
  media(path: string): Promise<{ contentType: string; body: Uint8Array } | null>
}

/**
 * What the browser host answers: the token and Host/Origin check first, then `POST /rpc/<channel>`,
 * `GET /events`, `/media/…` and the built renderer. The port is known once the server listens.
 */
export class WebRoutes {
  readonly streams = new EventStreams()
  private readonly csp = buildCsp()
  private readonly gate = new MediaGate()
  private port = 0

  constructor(
    private readonly app: RoutesApp,
    private readonly staticDir: string,
    private readonly token: string,
    private readonly log: DispatchLog | undefined
  ) {}

  listeningOn(port: number): void {
    this.port = port
  }

  async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const queryToken = url.searchParams.get('token')
    const verdict = checkRequest(req, this.port, this.token, queryToken)
    if (!verdict.ok) {
      send(res, verdict.status, PLAIN, verdict.status === 401 ? 'Unauthorized' : 'Forbidden')
      return
    }
    if (queryToken !== null) {
      this.tokenToCookie(res, url)
      return
    }
    if (req.method === 'POST' && url.pathname.startsWith('/rpc/')) {
      await this.rpc(req, res, channelName(url.pathname.slice('/rpc/'.length)))
      return
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(res, 405, PLAIN, 'Method Not Allowed')
      return
    }
    if (url.pathname === '/events') this.streams.add(res)
    else if (url.pathname.startsWith('/media/')) await this.media(req, res, url.pathname.slice(1))
    else await this.file(req, res, url.pathname)
  }

  /** Moves the token out of the address bar and history into a cookie scripts cannot read. */
  private tokenToCookie(res: ServerResponse, url: URL): void {
    res.writeHead(302, {
      ...SECURITY_HEADERS,
      'Set-Cookie': `${tokenCookieName(this.port)}=${this.token}; HttpOnly; SameSite=Strict; Path=/`,
      Location: url.pathname
    })
    res.end()
  }

  private async rpc(req: IncomingMessage, res: ServerResponse, channel: string): Promise<void> {
    const type = req.headers['content-type'] ?? ''
    const bytes = type === BYTES_TYPE
    if (!bytes && !type.startsWith('application/json')) {
      send(res, 415, PLAIN, 'application/json or a file required')
      return
    }
    const read = await (bytes ? this.bytesInput(req) : this.jsonInput(req))
    if (read === null) {
      send(res, 413, PLAIN, 'request too large')
      return
    }
    let result: Result<unknown>
    this.gate.rpcStarted()
    try {
      result =
        'refused' in read
          ? fail(new AppError('invalid_input', read.refused).toJSON())
          : await dispatch(this.app.handlers, channel, read.input, this.log)
    } finally {
      this.gate.rpcEnded()
    }
    send(res, 200, 'application/json; charset=utf-8', JSON.stringify(result))
  }

  private async jsonInput(req: IncomingMessage): Promise<Read> {
    const body = await readBody(req, RPC_BODY_LIMIT)
    if (body === null) return null
    try {
      const input: unknown = body.length === 0 ? {} : JSON.parse(body)
      return { input }
    } catch {
      return { refused: 'The request body is not JSON.' }
    }
  }

  /** A call that carries a file: its bytes are the body, its other fields in a header. */
  private async bytesInput(req: IncomingMessage): Promise<Read> {
    const parts = await readParts(req, RPC_BODY_LIMIT)
    if (parts === null) return null
    const header = req.headers[BYTES_HEADER]
    const input = fromBytesCall(typeof header === 'string' ? header : undefined, parts)
    return input === null ? { refused: 'The file came without the fields of its call.' } : { input }
  }

  private async media(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    await this.gate.turn()
    const file = await this.app.media(path)
    if (file === null) {
      send(res, 404, PLAIN, 'Not Found')
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

  private async file(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const file = await readStatic(this.staticDir, path)
    if (file === null) {
      send(res, 404, PLAIN, 'Not Found')
      return
    }
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      'Content-Type': file.contentType,
      'Cache-Control': 'no-store',
      [CSP_HEADER_NAME]: this.csp
    })
    res.end(req.method === 'HEAD' ? undefined : file.body)
  }
}
