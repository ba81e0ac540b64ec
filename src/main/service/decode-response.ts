import { AppError } from '../../shared/errors'
import type { ErrorDetail } from '../../shared/errors'
import { findOperation } from '../../shared/protocol/operations'
import type { Binding, OperationDef, ServiceName } from '../../shared/protocol/operations'
import { RECORDS } from '../../shared/protocol/records'
import type { RecordDef } from '../../shared/protocol/xsd'
import { BINDINGS, SOAP11_ENV_NS, SOAP12_ENV_NS, isSoap, mediaType } from './bindings'
import { ListReader, convertValue, decodeRecord } from './decode-records'
import { checkedV3Answer } from './decode-v3'
import { faultError, htmlError, looksLikeHtml, plainTextError } from './faults'
import { inBandInt, inBandJson, inBandString } from './in-band'
import { parseXmlRouted } from './xml-tree'
import type { Route, XmlElement } from './xml-tree'

/** Everything needed to decode one response; plain data so it can cross to a worker thread. */
export interface DecodeInput {
  readonly service: ServiceName
  readonly operation: string
  readonly binding: Binding
  readonly namespace: string
  readonly status: number
  readonly contentType: string | null
  readonly body: string
}

const XML_TYPES = new Set(['text/xml', 'application/soap+xml', 'application/xml'])

/**
 * Decodes a response strictly: classified by its body, never by status alone;
 * the root element, its namespace and the Content-Type are checked for the operation and binding.
 * Returns the operation's value or throws AppError; never a partial result.
 */
export function decodeResponse(input: DecodeInput): unknown {
  const op = findOperation(input.service, input.operation)
  if (op === undefined) throw new AppError('internal', `Unknown operation ${input.operation}.`)
  const detail: ErrorDetail = {
    operation: op.name,
    service: op.service,
    binding: input.binding,
    status: input.status
  }
  const { status, body } = input
  const mt = mediaType(input.contentType)
  const soap = isSoap(input.binding)
  if (status === 415) {
    throw new AppError(
      'binding_unsupported',
      'The service does not accept this request format.',
      detail
    )
  }
  if (status === 413) throw new AppError('body_too_large', 'The request was too large.', detail)
  if (body.trim() === '') {
    // An empty 200 to a v3 read means "v3 is not here" (the pull then uses v2). To a write it is
    // never proof: a flag write is confirmed by its own answer (docs/protocol.md §5).
    if (op.result.kind === 'json' && !soap && status === 200 && !op.write) return null
    throw new AppError('unexpected_empty_body', 'The service answered with nothing.', detail)
  }
  if (op.result.kind === 'json' && !soap) {
    // Production's v3 JSON may come as text/html, text/xml or text/plain (docs/protocol.md §5): a body
    // that parses as a JSON object is JSON, whatever the header says.
    const parsed = jsonObjectOf(body)
    if (parsed !== undefined) return checkedV3Answer(op, jsonValue(parsed, status, detail), detail)
    if (mt === 'application/json') {
      throw new AppError('bad_json', 'The service answered with broken JSON.', detail)
    }
  }
  if (mt === 'text/html' || looksLikeHtml(body)) throw htmlError(body, detail)
  if (mt === 'text/plain') throw plainTextError(body, detail)
  if (mt === 'application/json') throw unexpectedType(mt, detail)
  if (!XML_TYPES.has(mt)) throw unexpectedType(mt, detail)
  if (status === 200 && mt !== BINDINGS[input.binding].responseMediaType) {
    throw unexpectedType(mt, detail)
  }
  // A list answer's records are read as they are parsed, never built as a tree (listRoute).
  const { root, routed } = parseXmlRouted(body, listRoute(op, input))
  const fault = findFault(root)
  if (fault !== undefined) throw faultError(fault, detail)
  if (status !== 200) {
    throw new AppError('server_error', `The service answered with status ${status}.`, detail)
  }
  const at = { ns: input.namespace, detail, routed }
  return soap ? decodeSoap(op, input, root, at) : decodeHttp(op, input, root, at)
}

/** What decodeValue needs besides the element: the namespace, the detail and the routed lists. */
interface ValueContext {
  readonly ns: string
  readonly detail: ErrorDetail
  readonly routed: ReadonlyMap<XmlElement, ListReader>
}

/** Where a list answer's records sit: the route's path, and a reader for what is inside. */
function listRoute(op: OperationDef, input: DecodeInput): Route<ListReader> {
  const r = op.result
  const ns = input.namespace
  const open = (nil: boolean): ListReader =>
    new ListReader(r.kind === 'list' ? r.record : 'sets', ns, nil)
  if (r.kind !== 'list') return { path: [], open }
  if (!isSoap(input.binding)) return { path: [{ local: httpRoot(op), ns }], open }
  const envNs = BINDINGS[input.binding].envelopeNs ?? ''
  const path = [
    { local: 'Envelope', ns: envNs },
    { local: 'Body', ns: envNs },
    { local: `${op.name}Response`, ns },
    { local: `${op.name}Result`, ns }
  ]
  return { path, open }
}

/** Space, tab, line feed and carriage return: what JSON allows around a value. */
const JSON_SPACE = new Set([0x20, 0x09, 0x0a, 0x0d])

/**
 * The body as JSON when it is a JSON object (after at most one byte-order mark: the transport
 * leaves it in the text, so a second one is text before the object); undefined otherwise.
 */
function jsonObjectOf(body: string): unknown {
  const text = body.charCodeAt(0) === 0xfeff ? body.slice(1) : body
  // JSON's own white space only (String.prototype.trim would also take a second mark away),
  // found by index: a pattern over both ends scanned the whole body (a 600 kB page) on the
  // writer's thread. JSON.parse takes the same white space around the object itself.
  let at = 0
  while (at < text.length && JSON_SPACE.has(text.charCodeAt(at))) at++
  if (text.charCodeAt(at) !== 0x7b /* { */) return undefined
  try {
    const v: unknown = JSON.parse(text)
    return v
  } catch {
    return undefined
  }
}

function jsonValue(parsed: unknown, status: number, detail: ErrorDetail): unknown {
  const value = inBandJson(parsed, detail)
  if (status !== 200) throw new AppError('server_error', 'The service answered an error.', detail)
  return value
}

function unexpectedType(mt: string, detail: ErrorDetail): AppError {
  return new AppError(
    'unexpected_content_type',
    `The service answered with ${mt || 'no type'}.`,
    detail
  )
}

function rootError(what: string, detail: ErrorDetail): AppError {
  return new AppError('unexpected_root', `The response is not a ${what} answer.`, detail)
}

function findFault(root: XmlElement): XmlElement | undefined {
  if (root.local !== 'Envelope' || (root.ns !== SOAP11_ENV_NS && root.ns !== SOAP12_ENV_NS)) {
    return undefined
  }
  const body = root.children.find((c) => c.local === 'Body' && c.ns === root.ns)
  return body?.children.find((c) => c.local === 'Fault' && c.ns === root.ns)
}

function decodeSoap(
  op: OperationDef,
  input: DecodeInput,
  root: XmlElement,
  at: ValueContext
): unknown {
  const { detail } = at
  const envNs = BINDINGS[input.binding].envelopeNs
  if (root.local !== 'Envelope' || root.ns !== envNs)
    throw rootError(`${input.binding} envelope`, detail)
  const bodies = root.children.filter((c) => c.local === 'Body' && c.ns === envNs)
  const body = bodies[0]
  if (bodies.length !== 1 || body === undefined) throw rootError('SOAP body', detail)
  const response = body.children[0]
  if (
    body.children.length !== 1 ||
    response?.local !== `${op.name}Response` ||
    response.ns !== input.namespace
  ) {
    throw rootError(`${op.name}Response`, detail)
  }
  if (op.result.kind === 'json') return op.write ? { status: 'success' } : null
  const results = response.children.filter((c) => c.local === `${op.name}Result`)
  if (results.length > 1 || results.length !== response.children.length) {
    throw rootError(`${op.name}Result`, detail)
  }
  const result = results[0]
  if (result !== undefined && result.ns !== input.namespace)
    throw rootError(`${op.name}Result`, detail)
  return decodeValue(op, result, at)
}

function decodeHttp(
  op: OperationDef,
  input: DecodeInput,
  root: XmlElement,
  at: ValueContext
): unknown {
  const expected = httpRoot(op)
  if (root.local !== expected || root.ns !== input.namespace) throw rootError(expected, at.detail)
  return decodeValue(op, root, at)
}

function httpRoot(op: OperationDef): string {
  const r = op.result
  switch (r.kind) {
    case 'list': {
      const def: RecordDef = RECORDS[r.record]
      return def.arrayType ?? def.element
    }
    case 'single':
      return RECORDS[r.record].element
    case 'string':
      return 'string'
    case 'int':
      return 'int'
    case 'json':
      return '(json)'
  }
}

function decodeValue(op: OperationDef, el: XmlElement | undefined, at: ValueContext): unknown {
  const { ns, detail } = at
  const r = op.result
  switch (r.kind) {
    case 'list': {
      if (el === undefined) return []
      const list = at.routed.get(el)
      // The checks before admit only the element at the end of listRoute's path.
      if (list === undefined) throw new AppError('internal', 'A list answer was not read as one.')
      return list.result()
    }
    case 'single':
      return el === undefined || el.nil ? null : decodeRecord(el, r.record, ns)
    case 'string':
      if (el !== undefined && el.children.length > 0) throw rootError('string', detail)
      return inBandString(op, el === undefined || el.nil ? '' : el.text, detail)
    case 'int': {
      if (el === undefined || el.nil) throw rootError('int', detail)
      return inBandInt(op, convertValue(el.text, 'int', `${op.name}Result`) as number, detail)
    }
    case 'json':
      return null
  }
}
