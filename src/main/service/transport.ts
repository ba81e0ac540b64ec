import { AppError } from '../../shared/errors'
import type { ErrorCode, ErrorDetail } from '../../shared/errors'
import type { WireRequest } from './request'

export type FetchLike = (request: Request) => Promise<Response>

interface RawResponse {
  readonly status: number
  readonly contentType: string | null
  readonly body: string
}

/** An answer as it came: its body still bytes, so a large one can go to the decoder's thread whole. */
interface RawBytes {
  readonly status: number
  readonly contentType: string | null
  readonly bytes: Uint8Array
}

/** The default body cap: a 5,000-set page is about 8 MB of SOAP. */
export const DEFAULT_MAX_BYTES = 16 * 1024 * 1024

const OFFLINE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ENETDOWN'
])

function causeCode(e: unknown): string {
  let cur: unknown = e
  for (let depth = 0; depth < 5 && typeof cur === 'object' && cur !== null; depth++) {
    const code = (cur as { code?: unknown }).code
    if (typeof code === 'string') return code
    cur = (cur as { cause?: unknown }).cause
  }
  return ''
}

/** The error a fired call signal stands for: its deadline passed, or the caller cancelled. */
export function abortError(signal: AbortSignal, detail: ErrorDetail): AppError {
  const reason: unknown = signal.reason
  const timedOut = reason instanceof DOMException && reason.name === 'TimeoutError'
  return timedOut
    ? new AppError('timeout', 'The service did not answer in time.', detail)
    : new AppError('cancelled', 'The request was cancelled.', detail)
}

/**
 * Rejects as soon as the signal aborts, even if the transport ignores it (an injected fetch may).
 * `p` is owned in every path: once the signal has fired, real fetch and body reads reject with an
 * AbortError that nobody else awaits, and an unowned rejection ends the host process.
 */
export function raceAbort<T>(p: Promise<T>, signal: AbortSignal, detail: ErrorDetail): Promise<T> {
  if (signal.aborted) {
    p.catch(() => undefined)
    return Promise.reject(abortError(signal, detail))
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => {
      reject(abortError(signal, detail))
    }
    signal.addEventListener('abort', onAbort, { once: true })
    p.then(
      (v) => {
        signal.removeEventListener('abort', onAbort)
        resolve(v)
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(e instanceof Error ? e : new Error(String(e)))
      }
    )
  })
}

function networkError(
  e: unknown,
  signal: AbortSignal,
  detail: ErrorDetail,
  midBody: boolean
): AppError {
  if (e instanceof AppError) return e
  if (signal.aborted) return abortError(signal, detail)
  const code = causeCode(e)
  let ec: ErrorCode
  if (midBody) ec = 'truncated_body'
  else if (OFFLINE.has(code)) ec = 'offline'
  else ec = 'connection_reset'
  const message: Record<string, string> = {
    truncated_body: 'The answer was cut off before it was complete.',
    offline: 'The service cannot be reached.',
    connection_reset: 'The connection to the service was dropped.'
  }
  return new AppError(ec, message[ec] ?? 'The connection failed.', detail, {
    cause: code || undefined
  })
}

/**
 * Sends one request and reads the whole body under the deadline and the size cap, as text. A body
 * cut short in any framing throws; nothing partial is ever returned.
 */
export async function send(
  fetchFn: FetchLike,
  wire: WireRequest,
  signal: AbortSignal,
  maxBytes: number,
  detail: ErrorDetail
): Promise<RawResponse> {
  const raw = await sendForBytes(fetchFn, wire, signal, maxBytes, detail)
  const body = textOf(raw.bytes, { ...detail, status: raw.status })
  return { status: raw.status, contentType: raw.contentType, body }
}

/**
 * The body's text. A byte-order mark stays in it: the decoder takes exactly one, so a second is
 * refused. Bytes that are not UTF-8 are refused whole, never replaced.
 */
export function textOf(bytes: Uint8Array, detail: ErrorDetail): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes)
  } catch {
    throw new AppError('bad_xml', 'The answer is not valid UTF-8 text.', detail)
  }
}

/**
 * As `send`, the body left as the bytes read: a large answer's text is made where it is decoded
 * (decode-pool.ts), so the main thread never holds it as a string (issue #25: each 0.5-1 MB page
 * was a large-object string of the main heap, freed only by its next full collection).
 */
export async function sendForBytes(
  fetchFn: FetchLike,
  wire: WireRequest,
  signal: AbortSignal,
  maxBytes: number,
  detail: ErrorDetail
): Promise<RawBytes> {
  let url = wire.url
  let response: Response
  for (let hop = 0; ; hop++) {
    const request = new Request(url, {
      method: wire.method,
      headers: { ...wire.headers, ...('Host' in wire.headers ? { Host: new URL(url).host } : {}) },
      body: wire.body,
      signal,
      // Redirects are decided here: the same service may move a path, nobody else gets the request.
      redirect: 'manual'
    })
    try {
      response = await raceAbort(fetchFn(request), signal, detail)
    } catch (e) {
      throw networkError(e, signal, detail, false)
    }
    const next = redirectTarget(response, url)
    if (next === null) break
    await response.body?.cancel().catch(() => undefined)
    if (next.origin !== new URL(url).origin) {
      throw new AppError(
        'service_moved',
        `The service moved to ${next.origin}; check its address in Account.`,
        { ...detail, status: response.status, reason: next.origin }
      )
    }
    if (hop >= MAX_REDIRECTS) {
      throw new AppError('server_error', 'The service redirected too many times.', {
        ...detail,
        status: response.status
      })
    }
    url = next.href
  }
  const withStatus = { ...detail, status: response.status }
  if (response.status === 429) {
    await response.body?.cancel().catch(() => undefined)
    const seconds = retryAfterSeconds(response.headers.get('retry-after'))
    throw new AppError('rate_limited', `The service asks Studbook to wait ${wait(seconds)}.`, {
      ...withStatus,
      retryAfterSeconds: seconds
    })
  }
  const declared = Number(response.headers.get('content-length') ?? '0')
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined)
    throw new AppError('body_too_large', 'The answer is larger than Studbook accepts.', withStatus)
  }
  const bytes = await readCapped(response, signal, maxBytes, withStatus, {
    tooLarge: () =>
      new AppError('body_too_large', 'The answer is larger than Studbook accepts.', withStatus),
    failed: (e) => networkError(e, signal, withStatus, true)
  })
  return { status: response.status, contentType: response.headers.get('content-type'), bytes }
}

const MAX_REDIRECTS = 3

/** Where a redirect answer points, resolved against the address asked; null if it is not one. */
export function redirectTarget(response: Response, from: string | URL): URL | null {
  if (![301, 302, 303, 307, 308].includes(response.status)) return null
  const location = response.headers.get('location')
  if (location === null || location === '') return null
  try {
    return new URL(location, from)
  } catch {
    return null
  }
}

/** Seconds to wait from a Retry-After header (seconds or an HTTP date); 60 when absent or odd. */
function retryAfterSeconds(header: string | null, now = Date.now()): number {
  if (header === null) return 60
  const text = header.trim()
  if (/^\d+$/.test(text)) return Number(text)
  const at = Date.parse(text)
  return Number.isFinite(at) ? Math.max(0, Math.ceil((at - now) / 1000)) : 60
}

function wait(seconds: number): string {
  if (seconds < 120) return `${seconds} seconds`
  if (seconds < 7200) return `${Math.ceil(seconds / 60)} minutes`
  return `${Math.ceil(seconds / 3600)} hours`
}

/** What a capped read says when the body is too large or breaks off; each caller words its own. */
interface CappedReadErrors {
  tooLarge(): AppError
  /** A failure that is not already an AppError (a reset connection, a cut body). */
  failed(e: unknown): AppError
}

/**
 * Reads a whole body, never more than `maxBytes`: checked per chunk, since a server may send more
 * than it declared or declare nothing. The signal ends the read at once; nothing partial is returned.
 */
export async function readCapped(
  response: Response,
  signal: AbortSignal,
  maxBytes: number,
  detail: ErrorDetail,
  errors: CappedReadErrors
): Promise<Uint8Array> {
  if (response.body === null) return new Uint8Array(0)
  const reader = (response.body as ReadableStream<Uint8Array>).getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  try {
    for (;;) {
      const { done, value } = await raceAbort(reader.read(), signal, detail)
      if (done) break
      total += value.byteLength
      if (total > maxBytes) throw errors.tooLarge()
      chunks.push(value)
    }
  } catch (e) {
    await reader.cancel().catch(() => undefined)
    throw e instanceof AppError ? e : errors.failed(e)
  }
  const out = new Uint8Array(total)
  let at = 0
  for (const c of chunks) {
    out.set(c, at)
    at += c.byteLength
  }
  return out
}
