import { AppError } from '../../shared/errors'
import type { ErrorCode, ErrorDetail } from '../../shared/errors'
import type { WireRequest } from './request'

export type FetchLike = (request: Request) => Promise<Response>

export interface RawResponse {
  readonly status: number
  readonly contentType: string | null
  readonly body: string
}

/** The default body cap (R-XML-2): a 5,000-set page is about 8 MB of SOAP. */
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

function abortError(signal: AbortSignal, detail: ErrorDetail): AppError {
  const reason: unknown = signal.reason
  const timedOut = reason instanceof DOMException && reason.name === 'TimeoutError'
  return timedOut
    ? new AppError('timeout', 'The service did not answer in time.', detail)
    : new AppError('cancelled', 'The request was cancelled.', detail)
}

/** Rejects as soon as the signal aborts, even if the transport ignores it (an injected fetch may). */
function raceAbort<T>(p: Promise<T>, signal: AbortSignal, detail: ErrorDetail): Promise<T> {
  if (signal.aborted) return Promise.reject(abortError(signal, detail))
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
 * Sends one request and reads the whole body under the deadline and the size cap. A body cut short
 * in any framing throws; nothing partial is ever returned (R-SOAP-4).
 */
export async function send(
  fetchFn: FetchLike,
  wire: WireRequest,
  signal: AbortSignal,
  maxBytes: number,
  detail: ErrorDetail
): Promise<RawResponse> {
  const request = new Request(wire.url, {
    method: wire.method,
    headers: wire.headers,
    body: wire.body,
    signal,
    redirect: 'error'
  })
  let response: Response
  try {
    response = await raceAbort(fetchFn(request), signal, detail)
  } catch (e) {
    throw networkError(e, signal, detail, false)
  }
  const withStatus = { ...detail, status: response.status }
  const declared = Number(response.headers.get('content-length') ?? '0')
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined)
    throw new AppError('body_too_large', 'The answer is larger than Studbook accepts.', withStatus)
  }
  const bytes = await readCapped(response, signal, maxBytes, withStatus)
  let body: string
  try {
    body = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    throw new AppError('bad_xml', 'The answer is not valid UTF-8 text.', withStatus)
  }
  return { status: response.status, contentType: response.headers.get('content-type'), body }
}

async function readCapped(
  response: Response,
  signal: AbortSignal,
  maxBytes: number,
  detail: ErrorDetail
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
      if (total > maxBytes) {
        throw new AppError('body_too_large', 'The answer is larger than Studbook accepts.', detail)
      }
      chunks.push(value)
    }
  } catch (e) {
    await reader.cancel().catch(() => undefined)
    throw networkError(e, signal, detail, true)
  }
  const out = new Uint8Array(total)
  let at = 0
  for (const c of chunks) {
    out.set(c, at)
    at += c.byteLength
  }
  return out
}
