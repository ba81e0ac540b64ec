import { AppError } from '../../shared/errors'
import type { Binding, OperationDef, ParamDef } from '../../shared/protocol/operations'
import { RECORDS } from '../../shared/protocol/records'
import type { RecordName } from '../../shared/protocol/records'
import { BINDINGS, XSD_NS, XSI_NS } from './bindings'
import { assertXmlSafe, escapeXml } from './xml-text'

/** A request exactly as it goes on the wire; turned into a WHATWG Request by the transport. */
export interface WireRequest {
  readonly method: 'GET' | 'POST'
  readonly url: string
  readonly headers: Readonly<Record<string, string>>
  readonly body: string | null
}

interface RequestTarget {
  readonly baseUrl: string
  readonly path: string
  /** The service's API namespace: SOAP body element namespace and SOAPAction prefix. */
  readonly namespace: string
}

const INT_TEXT = /^-?\d{1,10}$/

/** The text each declared parameter is sent as, in table order; unused strings are blank. */
function paramTexts(
  op: OperationDef,
  values: Readonly<Record<string, unknown>>
): [ParamDef, string | Readonly<Record<string, unknown>>][] {
  const declared = new Set(op.params.map((p) => p.name))
  for (const key of Object.keys(values)) {
    if (!declared.has(key)) {
      throw new AppError('invalid_input', `${op.name} has no parameter named ${key}.`, {
        operation: op.name,
        service: op.service,
        field: key
      })
    }
  }
  return op.params.map((p) => [p, paramText(op, p, values[p.name])])
}

function paramText(
  op: OperationDef,
  p: ParamDef,
  v: unknown
): string | Readonly<Record<string, unknown>> {
  const fail = (why: string): AppError =>
    new AppError('invalid_input', `${op.name}: ${p.name} ${why}.`, {
      operation: op.name,
      service: op.service,
      field: p.name
    })
  if (typeof p.type === 'object') {
    if (typeof v !== 'object' || v === null) throw fail('must be a record')
    return v as Readonly<Record<string, unknown>>
  }
  if (p.type === 'int') {
    const text = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : ''
    if (!INT_TEXT.test(text) || !Number.isSafeInteger(Number(text))) {
      throw fail('must be a whole number')
    }
    return text
  }
  if (v === undefined || v === null) return ''
  let text: string
  if (typeof v === 'string') text = v
  else if (typeof v === 'number' && Number.isFinite(v)) text = String(v)
  else if (typeof v === 'boolean') text = v ? '1' : '0'
  else throw fail('must be text')
  assertXmlSafe(text, p.name, op.name)
  return text
}

function recordXml(
  op: OperationDef,
  record: RecordName,
  value: Readonly<Record<string, unknown>>
): string {
  let out = ''
  for (const f of RECORDS[record].fields) {
    const v = value[f.name]
    if (v === undefined || v === null) {
      if (f.type === 'string') continue
      throw new AppError('invalid_input', `${op.name}: ${f.name} is required.`, {
        operation: op.name,
        field: f.name
      })
    }
    let text: string
    if (f.type === 'boolean' && typeof v === 'boolean') text = v ? 'true' : 'false'
    else if (
      (f.type === 'int' || f.type === 'decimal') &&
      typeof v === 'number' &&
      Number.isFinite(v)
    ) {
      if (f.type === 'int' && !Number.isInteger(v)) {
        throw new AppError('invalid_input', `${op.name}: ${f.name} must be whole.`, {
          field: f.name
        })
      }
      text = String(v)
    } else if (f.type === 'dateTime' && v instanceof Date) text = v.toISOString().slice(0, 23)
    else if (f.type === 'string' && typeof v === 'string') text = v
    else {
      throw new AppError('invalid_input', `${op.name}: ${f.name} must be ${f.type}.`, {
        operation: op.name,
        field: f.name
      })
    }
    assertXmlSafe(text, f.name, op.name)
    out += `<${f.name}>${escapeXml(text)}</${f.name}>`
  }
  return out
}

export function soapEnvelope(
  op: OperationDef,
  binding: Binding,
  namespace: string,
  values: Readonly<Record<string, unknown>>
): string {
  const envNs = BINDINGS[binding].envelopeNs
  if (envNs === null) throw new AppError('internal', `${binding} is not a SOAP binding.`)
  let body = ''
  for (const [p, v] of paramTexts(op, values)) {
    const inner =
      typeof v === 'string'
        ? escapeXml(v)
        : recordXml(op, (p.type as { record: RecordName }).record, v)
    body += inner === '' ? `<${p.name} />` : `<${p.name}>${inner}</${p.name}>`
  }
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    `<soap:Envelope xmlns:xsi="${XSI_NS}" xmlns:xsd="${XSD_NS}" xmlns:soap="${envNs}">` +
    `<soap:Body><${op.name} xmlns="${escapeXml(namespace)}">${body}</${op.name}></soap:Body>` +
    '</soap:Envelope>'
  )
}

function formText(op: OperationDef, values: Readonly<Record<string, unknown>>): string {
  const form = new URLSearchParams()
  for (const [p, v] of paramTexts(op, values)) {
    if (typeof v !== 'string') {
      throw new AppError('binding_unsupported', `${op.name} takes a record: SOAP only.`, {
        operation: op.name
      })
    }
    form.append(p.name, v)
  }
  return form.toString()
}

/** Builds the request for one operation over one binding. */
export function buildRequest(
  op: OperationDef,
  binding: Binding,
  target: RequestTarget,
  values: Readonly<Record<string, unknown>>
): WireRequest {
  const spec = BINDINGS[binding]
  // Concatenated, not resolved, so a base URL with a path prefix keeps it.
  const base = target.baseUrl.replace(/\/+$/, '')
  const url = new URL(base + target.path + (spec.opInPath ? `/${op.name}` : ''))
  const headers: Record<string, string> = { Host: url.host }
  let body: string | null = null
  if (binding === 'httpGet') {
    url.search = formText(op, values)
    headers['Content-Length'] = '0'
  } else {
    body =
      binding === 'httpPost'
        ? formText(op, values)
        : soapEnvelope(op, binding, target.namespace, values)
    headers['Content-Length'] = String(Buffer.byteLength(body, 'utf8'))
  }
  if (spec.requestContentType !== null) headers['Content-Type'] = spec.requestContentType
  const action = `${target.namespace}${op.name}`
  if (spec.soapAction) headers.SOAPAction = `"${action}"`
  // SOAP 1.2 names the operation in the Content-Type's action parameter, as production's WSDL
  // declares (soap12:operation soapAction) and ASMX routes by (docs/protocol.md §4).
  if (binding === 'soap12')
    headers['Content-Type'] = `${spec.requestContentType}; action="${action}"`
  return { method: spec.method, url: url.toString(), headers, body }
}
