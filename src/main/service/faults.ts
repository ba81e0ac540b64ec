import { AppError } from '../../shared/errors'
import type { ErrorCode, ErrorDetail } from '../../shared/errors'
import { SOAP11_ENV_NS, SOAP12_ENV_NS } from './bindings'
import type { XmlElement } from './xml-tree'
import { refusalError, refusalIn } from './answer-meaning'

const UNRECOGNIZED = 'Request format is unrecognized'

/** ASP.NET's refusal of a binding, in any case (the words are the framework's, not recorded). */
const unrecognized = (text: string): boolean => /request format is unrecogni[sz]ed/i.test(text)

/**
 * The allowance used up, however the service words it (answer-meaning.ts); read in the text's
 * start, where a message says it, so a long error body costs no more than a short one.
 */
const limitReached = (text: string): boolean => refusalIn(text.slice(0, 4000)) === 'limit_exceeded'

function child(el: XmlElement, local: string, ns?: string): XmlElement | undefined {
  return el.children.find((c) => c.local === local && (ns === undefined || c.ns === ns))
}

/** Short, single-line and bounded: the server's words are kept as the reason, never raw markup. */
function reasonText(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > 300 ? `${line.slice(0, 297)}...` : line
}

/** A SOAP 1.1 or 1.2 fault, whatever the HTTP status it came with. */
export function faultError(fault: XmlElement, detail: ErrorDetail): AppError {
  let code: string
  let reason: string
  if (fault.ns === SOAP11_ENV_NS) {
    code = child(fault, 'faultcode')?.text.trim() ?? ''
    reason = child(fault, 'faultstring')?.text ?? ''
  } else {
    code =
      child(fault, 'Code', SOAP12_ENV_NS)
        ?.children.find((c) => c.local === 'Value')
        ?.text.trim() ?? ''
    const texts =
      child(fault, 'Reason', SOAP12_ENV_NS)?.children.filter((c) => c.local === 'Text') ?? []
    reason = texts[0]?.text ?? ''
  }
  const local = code.slice(code.indexOf(':') + 1)
  const withReason = { ...detail, reason: reasonText(reason) }
  if (limitReached(reason)) return refusalError('limit_exceeded', withReason)
  if (unrecognized(reason)) return unsupported(withReason)
  const client = local === 'Client' || local === 'Sender' || local.startsWith('Client.')
  const ec: ErrorCode = client ? 'soap_fault_client' : 'soap_fault_server'
  const who = client ? 'refused the request' : 'failed while answering'
  return new AppError(ec, `The service ${who}: ${reasonText(reason) || local}.`, withReason)
}

function unsupported(detail: ErrorDetail): AppError {
  return new AppError(
    'binding_unsupported',
    'The service does not accept this request format.',
    detail
  )
}

/** A body that is plain text: ASMX's own messages (missing parameter, conversion, unknown path). */
export function plainTextError(text: string, detail: ErrorDetail): AppError {
  const withReason = { ...detail, reason: reasonText(text) }
  if (unrecognized(text)) return unsupported(withReason)
  if (limitReached(text)) return refusalError('limit_exceeded', withReason)
  return new AppError(
    'server_error',
    `The service answered with an error: ${reasonText(text)}`,
    withReason
  )
}

export function htmlError(html: string, detail: ErrorDetail): AppError {
  if (unrecognized(html)) return unsupported({ ...detail, reason: UNRECOGNIZED })
  return new AppError(
    'html_error_page',
    'The service answered with a web page instead of data.',
    detail
  )
}

export function looksLikeHtml(body: string): boolean {
  return /^\s*(<!DOCTYPE\s+html|<html[\s>])/i.test(body)
}
