import type { OperationDef } from '../shared/protocol/operations'
import { RECORDS as TABLE } from '../shared/protocol/records'
import type { RecordDef } from '../shared/protocol/xsd'
import type { OpResult } from './results'
import type { SoapVersion } from './soap-request'
import {
  escapeXml,
  SOAP11_ENV,
  SOAP12_ENV,
  writeFields,
  writeRecords,
  XML_DECL,
  XSD,
  XSI
} from './xml-write'

const RECORDS: Readonly<Record<keyof typeof TABLE, RecordDef>> = TABLE
/** Turning an OpResult into bytes per binding, and the protocol errors of docs/protocol.md §4. */

const TEXT_XML = 'text/xml; charset=utf-8'
const SOAP12_XML = 'application/soap+xml; charset=utf-8'
const JSON_TYPE = 'application/json; charset=utf-8'
const NS_DECL = `xmlns:xsi="${XSI}" xmlns:xsd="${XSD}"`

const respond = (body: string | null, status: number, type: string | null): Response =>
  new Response(body, {
    status,
    headers: type === null ? {} : { 'content-type': type, 'cache-control': 'private, max-age=0' }
  })

export function plainText(status: number, message: string): Response {
  return respond(message, status, 'text/plain; charset=utf-8')
}

/** HTTP GET/POST answer, shaped like production's recorded responses. */
export function httpResponse(op: OperationDef, result: OpResult, ns: string): Response {
  const out: string[] = [XML_DECL, '\n']
  switch (result.kind) {
    case 'json':
      return respond(JSON.stringify(result.body), 200, JSON_TYPE)
    case 'serverError':
      return plainText(500, result.message)
    case 'string':
      out.push(
        result.text === ''
          ? `<string xmlns="${ns}" />`
          : `<string xmlns="${ns}">${escapeXml(result.text)}</string>`
      )
      break
    case 'int':
      out.push(`<int xmlns="${ns}">${result.value}</int>`)
      break
    case 'single': {
      const def = RECORDS[recordOf(op)]
      out.push(`<${def.element} ${NS_DECL} xmlns="${ns}">`)
      out.push(writeFields(def, result.row, '  ', ns))
      out.push(`\n</${def.element}>`)
      break
    }
    case 'list': {
      const def = RECORDS[recordOf(op)]
      const root = def.arrayType ?? def.element
      if (result.rows.length === 0) {
        out.push(`<${root} ${NS_DECL} xsi:nil="true" xmlns="${ns}" />`)
        break
      }
      out.push(`<${root} ${NS_DECL} xmlns="${ns}">`)
      out.push(writeRecords(def, result.rows, '  ', ns))
      out.push(`\n</${root}>`)
      break
    }
  }
  return respond(out.join(''), 200, TEXT_XML)
}

function recordOf(op: OperationDef): keyof typeof RECORDS {
  if (op.result.kind === 'list' || op.result.kind === 'single') return op.result.record
  throw new TypeError(`${op.name} has no record result`)
}

function envelope(version: SoapVersion, body: string): string {
  const env = version === '1.1' ? SOAP11_ENV : SOAP12_ENV
  return `${XML_DECL}<soap:Envelope xmlns:soap="${env}" ${NS_DECL}><soap:Body>${body}</soap:Body></soap:Envelope>`
}

export function soapResponse(
  op: OperationDef,
  result: OpResult,
  ns: string,
  version: SoapVersion
): Response {
  const type = version === '1.1' ? TEXT_XML : SOAP12_XML
  const name = op.name
  const out: string[] = []
  switch (result.kind) {
    case 'json':
      return respond(envelope(version, `<${name}Response xmlns="${ns}" />`), 200, type)
    case 'serverError':
      return soapFault(version, 'server', result.message)
    case 'string':
      out.push(
        result.text === ''
          ? `<${name}Result />`
          : `<${name}Result>${escapeXml(result.text)}</${name}Result>`
      )
      break
    case 'int':
      out.push(`<${name}Result>${result.value}</${name}Result>`)
      break
    case 'single':
      out.push(`<${name}Result>`)
      out.push(writeFields(RECORDS[recordOf(op)], result.row, null, ns))
      out.push(`</${name}Result>`)
      break
    case 'list':
      // No records: the result element is absent (docs/protocol.md §3).
      if (result.rows.length === 0) break
      out.push(`<${name}Result>`)
      out.push(writeRecords(RECORDS[recordOf(op)], result.rows, null, ns))
      out.push(`</${name}Result>`)
      break
  }
  return respond(
    envelope(version, `<${name}Response xmlns="${ns}">${out.join('')}</${name}Response>`),
    200,
    type
  )
}

/** A SOAP fault: `client` is the caller's mistake (soap:Client / soap:Sender), `server` ours. */
export function soapFault(
  version: SoapVersion,
  who: 'client' | 'server',
  message: string
): Response {
  const msg = escapeXml(message)
  const body =
    version === '1.1'
      ? `<soap:Fault><faultcode>soap:${who === 'client' ? 'Client' : 'Server'}</faultcode><faultstring>${msg}</faultstring><detail /></soap:Fault>`
      : `<soap:Fault><soap:Code><soap:Value>soap:${who === 'client' ? 'Sender' : 'Receiver'}</soap:Value></soap:Code>` +
        `<soap:Reason><soap:Text xml:lang="en">${msg}</soap:Text></soap:Reason><soap:Detail /></soap:Fault>`
  return respond(envelope(version, body), 500, version === '1.1' ? TEXT_XML : SOAP12_XML)
}
