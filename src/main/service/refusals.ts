import { AppError, isAppError } from '../../shared/errors'
import type { Binding } from '../../shared/protocol/operations'

/**
 * Whether an answer says "this service does not take requests in this format" (docs/protocol.md §4).
 * `certain`: ASMX's "Request format is unrecognized" (text or page), or a status that refuses the
 * request before any operation ran (404, 405, 415, 501). `maybe`: an error page or a bare 500 —
 * how a deployment may hide that same refusal, but also how a passing fault looks; the client takes
 * it as a refusal only over a binding that has not yet worked for the service this session.
 * A SOAP fault, an in-band error or a 429 is an answer in the format asked, never a refusal.
 */
type Refusal = 'certain' | 'maybe'

const CERTAIN_STATUS = new Set([404, 405, 415, 501])
const MAYBE_CODES = new Set([
  'html_error_page',
  'server_error',
  'unexpected_empty_body',
  'unexpected_content_type'
])

export function refusalOf(e: unknown): Refusal | null {
  if (!isAppError(e)) return null
  if (e.code === 'binding_unsupported') return 'certain'
  const status = e.detail?.status
  if (status === undefined) return null
  if (CERTAIN_STATUS.has(status)) return 'certain'
  if (status >= 500 && MAYBE_CODES.has(e.code)) return 'maybe'
  return null
}

/**
 * A refusal, carried past the retry loop: not an AppError, so it is not tried again over the same
 * binding; the next binding is the retry.
 */
export class Refused extends Error {
  constructor(
    readonly error: AppError,
    readonly kind: Refusal
  ) {
    super(error.message)
  }
}

const NAMES: Readonly<Record<Binding, string>> = {
  httpPost: 'HTTP POST',
  httpGet: 'HTTP GET',
  soap11: 'SOAP 1.1',
  soap12: 'SOAP 1.2'
}

/** A binding as the user knows it from Settings ("SOAP 1.1"), never its internal name. */
export function bindingName(binding: Binding): string {
  return NAMES[binding]
}

/** The error a call ends with when every binding it may use was refused: it names them all. */
export function everyBindingRefused(
  operation: string,
  tried: readonly Binding[],
  last: AppError | null
): AppError {
  const names = tried.map((b) => NAMES[b])
  const list =
    names.length < 2 ? (names[0] ?? 'none') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
  return new AppError(
    'binding_unsupported',
    `The service refused every request format tried for ${operation}: ${list}.`,
    { ...last?.detail, operation, reason: last?.detail?.reason ?? last?.message ?? 'refused' }
  )
}
